// POST /api/review/deactivate-senders: deactivate the distinct senders of these items (with the versions seen) in one upstream call and mark the items; protected senders wait for a second staff member. Moderator.
import { route } from "@/lib/api/route";
import { deactivateSenders } from "@/lib/review/server/deactivate-senders";
import { deactivateSendersBodySchema } from "@/lib/review/model/review-schemas";

export const POST = route({ access: "moderator", body: deactivateSendersBodySchema }, async (ctx) => ({
  data: await deactivateSenders(await ctx.db(), ctx.audited, ctx.staff, ctx.body.ids, ctx.body.versions, {
    policyId: ctx.body.policyId,
    note: ctx.body.note,
  }),
}));

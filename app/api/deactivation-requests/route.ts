// GET /api/deactivation-requests?uid=: pending requests to deactivate protected users and the latest decided ones. Moderator.
import { route } from "@/lib/api/route";
import { deactivationRequestsQuerySchema } from "@/lib/protection/model/protection-schemas";
import { listDeactivationRequests } from "@/lib/protection/server/deactivation-requests";

export const GET = route({ access: "moderator", query: deactivationRequestsQuerySchema }, async (ctx) => ({
  data: await listDeactivationRequests(await ctx.db(), ctx.staff, ctx.query.uid),
}));

// POST /api/deactivation-requests/{id}: approve or refuse (a second staff member; an admin for a moderator's request) or cancel (the requester). Moderator.
import { route } from "@/lib/api/route";
import { decideRequestBodySchema, requestIdParamsSchema } from "@/lib/protection/model/protection-schemas";
import { decideDeactivationRequest } from "@/lib/protection/server/decide-request";

export const POST = route({ access: "moderator", params: requestIdParamsSchema, body: decideRequestBodySchema }, async (ctx) => ({
  data: await decideDeactivationRequest(await ctx.db(), ctx.audited, ctx.staff, ctx.params.id, ctx.body),
}));

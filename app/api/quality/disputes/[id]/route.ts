// POST /api/quality/disputes/{id}: an admin's ruling on a disagreement; it stands, replacing the item's decision when it differs. Admin.
import { route } from "@/lib/api/route";
import { rulingBodySchema, sampleIdParamsSchema } from "@/lib/quality/model/quality-schemas";
import { ruleOnDispute } from "@/lib/quality/server/rulings";

export const POST = route({ access: "admin", params: sampleIdParamsSchema, body: rulingBodySchema }, async (ctx) => ({
  data: await ruleOnDispute(await ctx.db(), ctx.audited, ctx.staff, ctx.params.id, ctx.body),
}));

// GET /api/policies/reason-map: every flag reason known (flagged with, or mapped) and its policy. Admin.
// PUT /api/policies/reason-map: replace the flag reason -> policy map. Admin.
import { route } from "@/lib/api/route";
import { reasonMapBodySchema } from "@/lib/policies/model/policy-admin-schemas";
import { listKnownReasons, setReasonMap } from "@/lib/policies/server/policy-admin";

export const GET = route({ access: "admin" }, async (ctx) => ({ data: await listKnownReasons(await ctx.db()) }));

export const PUT = route({ access: "admin", body: reasonMapBodySchema }, async (ctx) => ({ data: await setReasonMap(await ctx.db(), ctx.audited, ctx.body) }));

// PATCH /api/policies/{id}: change, archive or restore a policy (never delete: decisions name it). Admin.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { policyPatchBodySchema } from "@/lib/policies/model/policy-admin-schemas";
import { updatePolicy } from "@/lib/policies/server/policy-admin";

const params = z.object({ id: z.coerce.number({ error: "expected a policy id" }).int("expected a policy id (a whole number)").positive("expected a policy id").max(2_147_483_647, "no policy has so large an id") });

export const PATCH = route({ access: "admin", params, body: policyPatchBodySchema }, async (ctx) => ({
  data: await updatePolicy(await ctx.db(), ctx.audited, ctx.params.id, ctx.body),
}));

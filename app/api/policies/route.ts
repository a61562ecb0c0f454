// GET /api/policies: the team's policies and the flag-reason map, for every decision's policy picker. Moderator.
// POST /api/policies: add a policy. Admin.
import { route } from "@/lib/api/route";
import { policyCreateBodySchema } from "@/lib/policies/model/policy-admin-schemas";
import { listPolicies } from "@/lib/policies/server/policies";
import { createPolicy } from "@/lib/policies/server/policy-admin";

export const GET = route({ access: "moderator" }, async (ctx) => listPolicies(await ctx.db()));

export const POST = route({ access: "admin", body: policyCreateBodySchema }, async (ctx) => Response.json({ data: await createPolicy(await ctx.db(), ctx.audited, ctx.body) }, { status: 201 }));

// GET /api/policies: the team's policies and the flag-reason map, for every decision's policy picker. Moderator.
import { route } from "@/lib/api/route";
import { listPolicies } from "@/lib/policies/server/policies";

export const GET = route({ access: "moderator" }, async (ctx) => listPolicies(await ctx.db()));

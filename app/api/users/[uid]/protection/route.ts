// GET /api/users/{uid}/protection: whether the user is protected (list, tag or role) and their pending deactivation request. Moderator.
import { route } from "@/lib/api/route";
import { protectedUidParamsSchema } from "@/lib/protection/model/protection-schemas";
import { readUserProtection } from "@/lib/protection/server/user-protection";

export const GET = route({ access: "moderator", params: protectedUidParamsSchema }, async (ctx) => ({ data: await readUserProtection(await ctx.db(), ctx.staff, ctx.params.uid) }));

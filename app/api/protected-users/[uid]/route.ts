// DELETE /api/protected-users/{uid}: take a user off the protected list (tags and roles still protect them). Admin.
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { protectedUidParamsSchema } from "@/lib/protection/model/protection-schemas";
import { removeProtectedUser } from "@/lib/protection/server/protected-list";

export const DELETE = route({ access: PERMISSIONS.protectedUsers.role, params: protectedUidParamsSchema }, async (ctx) => {
  await removeProtectedUser(await ctx.db(), ctx.audited, ctx.params.uid);
  return { data: { uid: ctx.params.uid.toLowerCase() } };
});

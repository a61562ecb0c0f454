// GET /api/protected-users: the admins' list of protected users. POST: add a UID with a note. Admin.
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { addProtectedUserBodySchema } from "@/lib/protection/model/protection-schemas";
import { addProtectedUser, listProtectedUsers } from "@/lib/protection/server/protected-list";

export const GET = route({ access: PERMISSIONS.protectedUsers.role }, async (ctx) => ({ data: await listProtectedUsers(await ctx.db()) }));

export const POST = route({ access: PERMISSIONS.protectedUsers.role, body: addProtectedUserBodySchema }, async (ctx) => {
  await addProtectedUser(await ctx.db(), ctx.audited, ctx.staff.id, ctx.body.uid, ctx.body.note);
  return { data: { uid: ctx.body.uid.toLowerCase() } };
});

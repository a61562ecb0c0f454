// GET /api/me/recent-users: the users the signed-in staff member opened recently, newest first. Moderator.
import { route } from "@/lib/api/route";
import { listRecentUsers } from "@/lib/users/recent-users";

export const GET = route({ access: "moderator" }, async (ctx) => listRecentUsers(await ctx.db(), ctx.staff.id));

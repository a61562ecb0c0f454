// GET /api/users/{uid}/context: the dashboard's own record of a user (flagged messages sent, flags raised, deactivation). Moderator.
import { z } from "zod";
import { uidSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { loadUserContext } from "@/lib/users/user-context";

export const GET = route({ access: "moderator", params: z.object({ uid: uidSchema }) }, async (ctx) => ({
  data: await loadUserContext(await ctx.db(), ctx.params.uid),
}));

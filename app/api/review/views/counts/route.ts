// GET /api/review/views/counts: how many items each of my and the team's saved views shows, by view id. Moderator.
import { route } from "@/lib/api/route";
import { countSavedViews } from "@/lib/review/server/saved-views";

export const GET = route({ access: "moderator" }, async (ctx) => ({ data: await countSavedViews(await ctx.db(), ctx.staff) }));

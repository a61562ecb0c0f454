// GET /api/review/counts: open, overdue and escalated review items, for the header on every page. Moderator.
import { route } from "@/lib/api/route";
import { countReviewItemsNow } from "@/lib/review/server/review-counts";

export const GET = route({ access: "moderator" }, async (ctx) => ({ data: await countReviewItemsNow(await ctx.db()) }));

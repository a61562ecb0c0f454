// GET /api/review/counts: open, overdue and escalated review items, for the header on every page. Moderator.
import { route } from "@/lib/api/route";
import { env } from "@/lib/env/server";
import { overdueRule } from "@/lib/review/overdue";
import { countReviewItems } from "@/lib/review/review-counts";

export const GET = route({ access: "moderator" }, async (ctx) => ({
  data: await countReviewItems(await ctx.db(), overdueRule(env().REVIEW_TARGET_HOURS, Math.floor(Date.now() / 1000))),
}));

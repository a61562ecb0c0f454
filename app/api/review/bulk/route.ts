// POST /api/review/bulk: resolve or dismiss many items at once, with an optional note. Moderator.
import { route } from "@/lib/api/route";
import { bulkReview } from "@/lib/review/server/review-actions";
import { bulkReviewBodySchema } from "@/lib/review/model/review-schemas";

export const POST = route({ access: "moderator", body: bulkReviewBodySchema }, async (ctx) => ({
  data: await bulkReview(await ctx.db(), ctx.audited, ctx.staff, ctx.body),
}));

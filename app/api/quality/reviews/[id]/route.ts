// POST /api/quality/reviews/{id}: a second review's decision, made without seeing the first; answers whether the two agreed. Moderator (not the first decider).
import { route } from "@/lib/api/route";
import { sampleIdParamsSchema, secondReviewBodySchema } from "@/lib/quality/model/quality-schemas";
import { recordSecondReview } from "@/lib/quality/server/second-review";

export const POST = route({ access: "moderator", params: sampleIdParamsSchema, body: secondReviewBodySchema }, async (ctx) => ({
  data: await recordSecondReview(await ctx.db(), ctx.audited, ctx.staff, ctx.params.id, ctx.body),
}));

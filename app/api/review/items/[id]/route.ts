// POST /api/review/items/{id}: claim, unclaim, resolve, dismiss or reopen one item, with an optional note. Moderator.
import { z } from "zod";
import { messageIdSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { runReviewCommand } from "@/lib/review/review-actions";
import { reviewCommandBodySchema } from "@/lib/review/review-schemas";

export const POST = route({ access: "moderator", params: z.object({ id: messageIdSchema }), body: reviewCommandBodySchema }, async (ctx) => ({
  data: await runReviewCommand(await ctx.db(), ctx.audited, ctx.staff, ctx.params.id, ctx.body),
}));

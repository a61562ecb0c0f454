// POST /api/review/undo/{id}: takes back one of the caller's review changes within its undo window. Moderator.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { reviewActor } from "@/lib/review/server/review-store";
import { undoReviewChange } from "@/lib/review/server/review-undo";

const undoIdSchema = z.coerce.number({ error: "expected an undo id (a whole number)" }).int().positive();

export const POST = route({ access: "moderator", params: z.object({ id: undoIdSchema }) }, async (ctx) => ({
  data: await undoReviewChange(await ctx.db(), ctx.audited, reviewActor(ctx.staff), ctx.params.id),
}));

// POST /api/review/items/{id}: claim, unclaim, resolve, dismiss, reopen, escalate or de-escalate one item, with an optional note. Moderator (an escalated item: admin).
import { z } from "zod";
import { messageIdSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { runReviewCommand } from "@/lib/review/server/review-actions";
import { reviewCommandBodySchema } from "@/lib/review/model/review-schemas";

export const POST = route({ access: "moderator", params: z.object({ id: messageIdSchema }), body: reviewCommandBodySchema }, async (ctx) => {
  const { item, undo } = await runReviewCommand(await ctx.db(), ctx.audited, ctx.staff, ctx.params.id, ctx.body);
  return { data: item, ...(undo ? { undo } : {}) };
});

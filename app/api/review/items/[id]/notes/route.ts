// POST /api/review/items/{id}/notes: add a note to an item's thread. Moderator.
import { z } from "zod";
import { messageIdSchema } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { addReviewNote } from "@/lib/review/server/review-actions";
import { noteBodySchema } from "@/lib/review/model/review-schemas";

export const POST = route({ access: "moderator", params: z.object({ id: messageIdSchema }), body: noteBodySchema }, async (ctx) => ({
  data: await addReviewNote(await ctx.db(), ctx.audited, ctx.staff, ctx.params.id, ctx.body.body),
}));

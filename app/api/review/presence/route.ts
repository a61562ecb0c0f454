// POST /api/review/presence: which queue item this moderator has open (null: none), shown to the others; not audited. Moderator.
import { route } from "@/lib/api/route";
import { presenceBodySchema } from "@/lib/review/live-schemas";
import { reportPresence } from "@/lib/review/queue-live";

export const POST = route({ access: "moderator", body: presenceBodySchema }, async (ctx) => {
  reportPresence(await ctx.db(), { id: ctx.staff.id, name: ctx.staff.name || ctx.staff.email }, ctx.body.itemId);
  return { data: { itemId: ctx.body.itemId } };
});

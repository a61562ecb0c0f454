// POST /api/review/presence: which queue item this moderator has open (null: none), shown to the others; not audited; rate limited per moderator (429). Moderator.
import { route } from "@/lib/api/route";
import { presenceBodySchema } from "@/lib/review/model/live-schemas";
import { limitPresenceReports } from "@/lib/review/live/presence-limit";
import { reportPresence } from "@/lib/review/live/queue-live";

export const POST = route({ access: "moderator", body: presenceBodySchema }, async (ctx) => {
  limitPresenceReports(ctx.staff.id);
  reportPresence(await ctx.db(), { id: ctx.staff.id, name: ctx.staff.name || ctx.staff.email }, ctx.body.itemId);
  return { data: { itemId: ctx.body.itemId } };
});

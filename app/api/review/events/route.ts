// GET /api/review/events[?since=ms]: the review queue's changes and presence as Server-Sent Events, for as long as the page is open. Moderator.
import { requireStaff, route } from "@/lib/api/route";
import { openQueueEvents } from "@/lib/review/live/queue-event-stream";
import { queueEventsQuerySchema } from "@/lib/review/model/live-schemas";

export const GET = route({ access: "moderator", query: queueEventsQuerySchema }, async (ctx) =>
  openQueueEvents(await ctx.db(), ctx.staff.id, ctx.request.signal, () => requireStaff(ctx.request, "moderator"), ctx.query.since),
);

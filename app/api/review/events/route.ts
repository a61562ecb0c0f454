// GET /api/review/events: the review queue's changes and presence as Server-Sent Events, for as long as the page is open. Moderator.
import { requireStaff, route } from "@/lib/api/route";
import { openQueueEvents } from "@/lib/review/live/queue-event-stream";

export const GET = route({ access: "moderator" }, async (ctx) =>
  openQueueEvents(await ctx.db(), ctx.staff.id, ctx.request.signal, () => requireStaff(ctx.request, "moderator")),
);

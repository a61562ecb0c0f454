// GET /api/review/queue: fetch the chat service's flagged list, keep it, and return the review queue with the service's count. Moderator.
import { route } from "@/lib/api/route";
import { refreshQueue } from "@/lib/review/refresh-queue";

export const GET = route({ access: "moderator" }, async (ctx) => refreshQueue(await ctx.db()));

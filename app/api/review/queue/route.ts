// GET /api/review/queue: fetch the chat service's flagged list, keep it, and return the review queue with the service's count. Moderator.
import { route } from "@/lib/api/route";
import { sharedJsonResponse } from "@/lib/api/shared-json";
import { refreshQueue } from "@/lib/review/refresh-queue";

export const GET = route({ access: "moderator" }, async (ctx) => sharedJsonResponse(await refreshQueue(await ctx.db()), ctx.request));

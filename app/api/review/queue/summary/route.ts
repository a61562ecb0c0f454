// GET /api/review/queue/summary: a view's counts per tab, the queue's totals, overview and filter choices, and the sync's status. Moderator.
import { route } from "@/lib/api/route";
import { env } from "@/lib/env/server";
import { readQueueSummaryNow } from "@/lib/review/server/read-queue";
import { queueViewQuerySchema } from "@/lib/review/model/review-schemas";

export const GET = route({ access: "moderator", query: queueViewQuerySchema }, async (ctx) =>
  readQueueSummaryNow(await ctx.db(), ctx.query, { id: ctx.staff.id, admin: ctx.staff.role === "admin" }, env().REVIEW_TARGET_HOURS),
);

// GET /api/review/queue: one page of a view of the review queue (the URL's view parameters, cursor, limit), from the database. Moderator.
import { route } from "@/lib/api/route";
import { env } from "@/lib/env/server";
import { readQueuePage } from "@/lib/review/server/read-queue";
import { queuePageQuerySchema } from "@/lib/review/model/review-schemas";

export const GET = route({ access: "moderator", query: queuePageQuerySchema }, async (ctx) =>
  readQueuePage(await ctx.db(), ctx.query, { id: ctx.staff.id, admin: ctx.staff.role === "admin" }, env().REVIEW_TARGET_HOURS),
);

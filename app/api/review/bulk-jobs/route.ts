// POST /api/review/bulk-jobs: resolve or dismiss every open item a queue view matches, in the background (202 with the job). Moderator.
import { route } from "@/lib/api/route";
import { startBulkJob } from "@/lib/review/server/bulk-jobs";
import { bulkJobBodySchema } from "@/lib/review/model/review-schemas";

export const POST = route({ access: "moderator", body: bulkJobBodySchema }, async (ctx) =>
  Response.json({ data: await startBulkJob(await ctx.db(), ctx.staff, ctx.body) }, { status: 202 }),
);

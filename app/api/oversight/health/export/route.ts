// GET /api/oversight/health/export?table=&days=: one of the health page's tables as a CSV download, filtered for a moderator as the page is. Moderator.
import { route } from "@/lib/api/route";
import { queueHealthExportQuerySchema } from "@/lib/queue-health/model/queue-health-schemas";
import { queueHealthCsv, queueHealthFileName } from "@/lib/queue-health/server/queue-health-csv";

export const GET = route({ access: "moderator", query: queueHealthExportQuerySchema }, async (ctx) => {
  const csv = await queueHealthCsv(await ctx.db(), ctx.staff, ctx.query.table, ctx.query.days);
  return new Response(csv, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${queueHealthFileName(ctx.query.table)}"` },
  });
});

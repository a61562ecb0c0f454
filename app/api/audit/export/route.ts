// GET /api/audit/export?<filter>: the filtered audit log as a streamed CSV download (the export is audited). Admin.
import { route } from "@/lib/api/route";
import { exportAuditCsv, exportFileName } from "@/lib/admin/audit-export";
import { auditFilterSchema } from "@/lib/admin/audit-filters";

export const GET = route({ access: "admin", query: auditFilterSchema }, async (ctx) => {
  const stream = await exportAuditCsv(await ctx.db(), ctx.audited, ctx.query);
  return new Response(stream, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${exportFileName()}"` },
  });
});

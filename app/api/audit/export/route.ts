// GET /api/audit/export?<filter>: the filtered audit log as a streamed CSV download (the export is audited, so never for another site's link). Admin.
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { exportAuditCsv, exportFileName } from "@/lib/admin/audit-export";
import { auditFilterSchema } from "@/lib/admin/audit-filters";

export const GET = route({ access: PERMISSIONS.auditLog.role, query: auditFilterSchema, readWrites: true }, async (ctx) => {
  const stream = await exportAuditCsv(await ctx.db(), ctx.audited, ctx.query);
  return new Response(stream, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${exportFileName()}"` },
  });
});

// GET /api/audit/stats?<filter>: actions per UTC day by action, for the audit page's chart. Admin.
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { auditFilterSchema } from "@/lib/admin/audit-filters";
import { auditStats } from "@/lib/admin/audit-log";

export const GET = route({ access: PERMISSIONS.auditLog.role, query: auditFilterSchema }, async (ctx) => auditStats(await ctx.db(), ctx.query));

// GET /api/audit?staff=&action=&uid=&message=&outcome=&from=&to=&cursor=&limit=: the audit log, newest first, by keyset. Admin.
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { auditPageQuerySchema, listAuditPage } from "@/lib/admin/audit-log";

export const GET = route({ access: PERMISSIONS.auditLog.role, query: auditPageQuerySchema }, async (ctx) => listAuditPage(await ctx.db(), ctx.query));

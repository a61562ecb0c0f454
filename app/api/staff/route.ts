// GET /api/staff: every staff account. POST /api/staff: add one. Admin.
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { addStaffMember, staffList } from "@/lib/staff/manage-staff";
import { addStaffBodySchema } from "@/lib/staff/staff-schemas";

export const GET = route({ access: PERMISSIONS.manageStaff.role }, async (ctx) => staffList(await ctx.db()));

export const POST = route({ access: PERMISSIONS.manageStaff.role, body: addStaffBodySchema }, async (ctx) => ({
  data: await addStaffMember(await ctx.db(), ctx.audited, ctx.body),
}));

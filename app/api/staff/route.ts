// GET /api/staff: every staff account. POST /api/staff: add one. Admin.
import { route } from "@/lib/api/route";
import { addStaffMember, staffList } from "@/lib/staff/manage-staff";
import { addStaffBodySchema } from "@/lib/staff/staff-schemas";

export const GET = route({ access: "admin" }, async (ctx) => staffList(await ctx.db()));

export const POST = route({ access: "admin", body: addStaffBodySchema }, async (ctx) => ({
  data: await addStaffMember(await ctx.db(), ctx.audited, ctx.body),
}));

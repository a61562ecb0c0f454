// PATCH /api/staff/{id}: change a staff member's role, or disable/enable them (ends their sessions). Admin.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { updateStaffMember } from "@/lib/staff/manage-staff";
import { updateStaffBodySchema } from "@/lib/staff/staff-schemas";

export const PATCH = route(
  { access: PERMISSIONS.manageStaff.role, params: z.object({ id: z.uuid() }), body: updateStaffBodySchema },
  async (ctx) => updateStaffMember(await ctx.db(), ctx.audited, ctx.staff, ctx.params.id, ctx.body),
);

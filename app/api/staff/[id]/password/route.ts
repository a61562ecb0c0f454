// PUT /api/staff/{id}/password: set another staff member's password (given, or generated and shown once); ends their sessions. Admin.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { resetStaffPassword } from "@/lib/staff/manage-staff";
import { resetStaffPasswordBodySchema } from "@/lib/staff/staff-schemas";

export const PUT = route(
  { access: PERMISSIONS.manageStaff.role, params: z.object({ id: z.uuid() }), body: resetStaffPasswordBodySchema },
  async (ctx) => resetStaffPassword(await ctx.db(), ctx.audited, ctx.staff, ctx.params.id, ctx.body),
);

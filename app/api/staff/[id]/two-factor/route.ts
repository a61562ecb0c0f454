// DELETE /api/staff/{id}/two-factor: reset another staff member's two-factor set-up (a lost phone); ends their sessions. Admin.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { resetStaffTwoFactor } from "@/lib/staff/manage-staff";

export const DELETE = route({ access: PERMISSIONS.manageStaff.role, params: z.object({ id: z.uuid() }) }, async (ctx) =>
  resetStaffTwoFactor(await ctx.db(), ctx.audited, ctx.staff, ctx.params.id),
);

// DELETE /api/staff/{id}/sign-in-delay: forget a staff member's failed sign-ins (ends the delay). Admin.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { unlockStaffSignIn } from "@/lib/staff/sign-in-delays";

export const DELETE = route({ access: PERMISSIONS.manageStaff.role, params: z.object({ id: z.uuid() }) }, async (ctx) => unlockStaffSignIn(await ctx.db(), ctx.audited, ctx.params.id));

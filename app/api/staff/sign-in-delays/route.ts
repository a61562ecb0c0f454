// GET /api/staff/sign-in-delays: staff whose password sign-ins are slowed after failed attempts. Admin.
import { route } from "@/lib/api/route";
import { PERMISSIONS } from "@/lib/auth/roles";
import { env } from "@/lib/env/server";
import { slowedStaffList } from "@/lib/staff/sign-in-delays";

export const GET = route({ access: PERMISSIONS.manageStaff.role }, async (ctx) => slowedStaffList(await ctx.db(), env()));

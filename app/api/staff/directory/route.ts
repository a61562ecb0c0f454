// GET /api/staff/directory: every staff member's id, name and email, to show beside names in the queue. Moderator.
import { route } from "@/lib/api/route";
import { listStaffDirectory } from "@/lib/staff/staff-store";

export const GET = route({ access: "moderator" }, async (ctx) => listStaffDirectory(await ctx.db()));

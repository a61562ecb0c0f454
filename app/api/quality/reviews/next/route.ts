// GET /api/quality/reviews/next: the second-review sample this staff member is asked to decide next, blind (lib/quality), and how many wait for them. Moderator.
import { route } from "@/lib/api/route";
import { nextSampleFor } from "@/lib/quality/server/second-review";

export const GET = route({ access: "moderator" }, async (ctx) => nextSampleFor(await ctx.db(), ctx.staff.id));

// GET /api/review/reporters: the muted reporters, the latest muted first. Moderator.
import { route } from "@/lib/api/route";
import { listMutedReporters } from "@/lib/reporters/server/reporter-mutes";

export const GET = route({ access: "moderator" }, async (ctx) => ({ data: await listMutedReporters(await ctx.db()) }));

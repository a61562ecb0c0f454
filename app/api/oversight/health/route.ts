// GET /api/oversight/health?days=: the review queue's health (lib/queue-health); a moderator gets the team's figures and only their own per-staff row. Moderator.
import { route } from "@/lib/api/route";
import { queueHealthQuerySchema } from "@/lib/queue-health/model/queue-health-schemas";
import { readTeamQueueHealth } from "@/lib/queue-health/server/team-queue-health";

export const GET = route({ access: "moderator", query: queueHealthQuerySchema }, async (ctx) => ({
  data: await readTeamQueueHealth(await ctx.db(), ctx.staff, ctx.query.days),
}));

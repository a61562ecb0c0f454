// GET /api/settings: the team's settings (policies, strikes, protection, priority). Moderator.
// PATCH /api/settings: change some of them. Admin.
import { route } from "@/lib/api/route";
import { readTeamSettings, updateTeamSettings } from "@/lib/settings/server/team-settings";
import { teamSettingsPatchSchema } from "@/lib/settings/model/team-settings";

export const GET = route({ access: "moderator" }, async (ctx) => ({ data: await readTeamSettings(await ctx.db()) }));

export const PATCH = route({ access: "admin", body: teamSettingsPatchSchema }, async (ctx) => ({
  data: await updateTeamSettings(await ctx.db(), ctx.audited, ctx.staff.id, ctx.body),
}));

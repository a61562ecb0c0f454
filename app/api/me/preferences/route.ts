// GET /api/me/preferences: the signed-in staff member's media shield and break reminder, with the team's defaults. Moderator.
// PATCH /api/me/preferences: change their own (null returns one to the team's default). Moderator.
import { route } from "@/lib/api/route";
import { preferencesPatchSchema } from "@/lib/wellbeing/model/preference-schemas";
import { readMyPreferences, updateMyPreferences } from "@/lib/wellbeing/server/staff-preferences";

export const GET = route({ access: "moderator" }, async (ctx) => ({ data: await readMyPreferences(await ctx.db(), ctx.staff.id) }));

export const PATCH = route({ access: "moderator", body: preferencesPatchSchema }, async (ctx) => ({
  data: await updateMyPreferences(await ctx.db(), ctx.audited, ctx.staff.id, ctx.body),
}));

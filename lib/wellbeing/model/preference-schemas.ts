import { z } from "zod";
import { mediaShieldSchema, teamSettingsSchema } from "@/lib/settings/model/team-settings";

/**
 * A staff member's working-day preferences: how media is shown until revealed and when to be
 * reminded of a break. Each takes its range from the team's setting it overrides, so the team's
 * default and a moderator's own choice can never disagree on what is allowed.
 */
const mediaBlur = mediaShieldSchema.shape.blur;
const mediaGreyscale = mediaShieldSchema.shape.greyscale;
const mediaAutoplay = mediaShieldSchema.shape.autoplay;
const breakReminderMinutes = teamSettingsSchema.shape.breakReminderMinutes.unwrap();

/** The values in force: the moderator's own where set, the team's default otherwise. */
export const wellbeingPreferencesSchema = z.strictObject({ mediaBlur, mediaGreyscale, mediaAutoplay, breakReminderMinutes });
export type WellbeingPreferences = z.infer<typeof wellbeingPreferencesSchema>;
export type WellbeingPreferenceKey = keyof WellbeingPreferences;

/** A moderator's own choices; null follows the team's default. */
export const ownPreferencesSchema = z.strictObject({
  mediaBlur: mediaBlur.nullable(),
  mediaGreyscale: mediaGreyscale.nullable(),
  mediaAutoplay: mediaAutoplay.nullable(),
  breakReminderMinutes: breakReminderMinutes.nullable(),
});
export type OwnPreferences = z.infer<typeof ownPreferencesSchema>;

/** PATCH /api/me/preferences: any of the four, null to return to the team's default; unknown keys are refused. */
export const preferencesPatchSchema = ownPreferencesSchema
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), "nothing to change");
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

/** GET and PATCH /api/me/preferences: what is in force, the team's defaults, and which the moderator chose (own, null where the team's). */
export const myPreferencesSchema = z.object({ effective: wellbeingPreferencesSchema, team: wellbeingPreferencesSchema, own: ownPreferencesSchema });
export type MyPreferences = z.infer<typeof myPreferencesSchema>;

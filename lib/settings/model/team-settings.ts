import { z } from "zod";
import { BREAK_REMINDER_MAX_MINUTES, MEDIA_BLUR_MAX_PX, STRIKE_ACTIONS } from "./setting-values";

/**
 * The team's settings an admin changes in the dashboard, declared once: each key's schema and
 * default. Browser-safe: the settings forms parse with these, the server stores one row per key
 * (lib/settings/server/team-settings.ts) and answers the default while a key was never set.
 */

const uniqueWords = (what: string) =>
  z
    .array(z.string().trim().min(1, `an empty ${what}`).max(64, `a ${what} longer than 64 characters`))
    .max(50, `at most 50 ${what}s`)
    .transform((list) => [...new Set(list)]);

export { STRIKE_ACTIONS };
export type StrikeAction = (typeof STRIKE_ACTIONS)[number];

export const strikeThresholdSchema = z.strictObject({
  strikes: z.number().int().min(1).max(1000),
  action: z.enum(STRIKE_ACTIONS),
});

/** How much each part of an item's priority counts (lib/policies/model/priority.ts); each 0–100, and they need not add up. */
export const priorityWeightsSchema = z.strictObject({
  severity: z.number().min(0).max(100),
  flaggers: z.number().min(0).max(100),
  strikes: z.number().min(0).max(100),
  age: z.number().min(0).max(100),
});
export type PriorityWeights = z.infer<typeof priorityWeightsSchema>;

/** How images and videos in messages are shown until a moderator reveals one: the team's default, each moderator may choose their own. */
export const mediaShieldSchema = z.strictObject({
  /** Blur radius in CSS pixels; 0 shows the media sharp. */
  blur: z.number().int().min(0).max(MEDIA_BLUR_MAX_PX),
  greyscale: z.boolean(),
  autoplay: z.boolean(),
});
export type MediaShield = z.infer<typeof mediaShieldSchema>;

export const teamSettingsSchema = z.strictObject({
  /** A decision that upholds a flag or acts against a user must name a policy. */
  requirePolicy: z.boolean().default(false),
  /** How long a strike counts towards its user's ledger. */
  strikeExpiryDays: z.number().int().min(1).max(3650).default(90),
  /** Live strikes at which an action is recommended, the highest matching threshold first. */
  strikeThresholds: z
    .array(strikeThresholdSchema)
    .max(10)
    .default([
      { strikes: 2, action: "watch" },
      { strikes: 3, action: "deactivate" },
    ]),
  /** Users carrying one of these chat-service tags or roles need two staff members to deactivate. */
  protectedTags: uniqueWords("tag").default(["vip", "staff"]),
  protectedRoles: uniqueWords("role").default([]),
  priorityWeights: priorityWeightsSchema.default({ severity: 40, flaggers: 25, strikes: 20, age: 15 }),
  /** Media shown blurred and grey until revealed, by default (a moderator's own choice overrides it). */
  mediaShield: mediaShieldSchema.default({ blur: 24, greyscale: true, autoplay: false }),
  /** Minutes of continuous review before a reminder to take a break; 0: no reminder (a moderator's own choice overrides it). */
  breakReminderMinutes: z.number().int().min(0).max(BREAK_REMINDER_MAX_MINUTES).default(90),
  /** The share of items to decide within the review target, in percent (the health page's goal). */
  reviewGoalPercent: z.number().int().min(1).max(100).default(90),
  /** The share of each staff member's decisions sampled for a blind second review (lib/quality), in percent; 0: none. */
  qualitySamplePercent: z.number().int().min(0).max(100).default(5),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;
export type TeamSettingKey = keyof TeamSettings;
export const TEAM_SETTING_KEYS = Object.keys(teamSettingsSchema.shape) as TeamSettingKey[];

/** Every setting at its default. */
export const DEFAULT_TEAM_SETTINGS: TeamSettings = teamSettingsSchema.parse({});

/** PATCH /api/settings: any of the keys, each checked by its own schema; unknown keys are refused. */
export const teamSettingsPatchSchema = z
  .strictObject(Object.fromEntries(TEAM_SETTING_KEYS.map((key) => [key, teamSettingsSchema.shape[key].unwrap().optional()])) as {
    [K in TeamSettingKey]: z.ZodOptional<ReturnType<(typeof teamSettingsSchema.shape)[K]["unwrap"]>>;
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), "nothing to change");
export type TeamSettingsPatch = z.infer<typeof teamSettingsPatchSchema>;

export const teamSettingsResponseSchema = z.object({ data: teamSettingsSchema });

/**
 * The trend's span in UTC days, today included (the 7- and 30-day shares are always both given),
 * and the page's tables. Apart from the schemas, so the page's first JavaScript carries no zod.
 */
export const HEALTH_DAYS = { min: 7, max: 90, default: 30 } as const;

export const HEALTH_TABLES = ["age", "daily", "moderators", "agreement-staff", "agreement-policies"] as const;
export type HealthTable = (typeof HEALTH_TABLES)[number];

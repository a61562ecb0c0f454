import { z } from "zod";
import { agreementSchema } from "@/lib/quality/model/quality-schemas";
import { HEALTH_DAYS, HEALTH_TABLES } from "./health-span";

const daysSchema = z.coerce.number().int().min(HEALTH_DAYS.min).max(HEALTH_DAYS.max).default(HEALTH_DAYS.default);

/** GET /api/oversight/health's query. */
export const queueHealthQuerySchema = z.strictObject({ days: daysSchema });
export type QueueHealthQuery = z.infer<typeof queueHealthQuerySchema>;

/** GET /api/oversight/health/export's query. */
export const queueHealthExportQuerySchema = z.strictObject({ table: z.enum(HEALTH_TABLES), days: daysSchema });
export type QueueHealthExportQuery = z.infer<typeof queueHealthExportQuerySchema>;

const seconds = z.number().nonnegative().nullable();

/** Decisions over the last `days` × 24 h (not calendar days), and how many came within the target. */
const withinTargetSchema = z.object({ days: z.number().int(), decided: z.number().int(), withinTarget: z.number().int(), percent: z.number().nullable() });

export const queueHealthSchema = z.object({
  /** When the figures were read (epoch seconds). */
  at: z.number().int(),
  targetHours: z.number(),
  goalPercent: z.number().int(),
  days: z.number().int(),
  /** The trend's first UTC day (YYYY-MM-DD); the last is today's. */
  from: z.string(),
  open: z.object({
    total: z.number().int(),
    escalated: z.number().int(),
    /** How long the longest-waiting open item has waited since its first flag; null when none is open. */
    oldestSeconds: seconds,
    buckets: z.array(z.object({ key: z.string(), label: z.string(), fromSeconds: z.number(), toSeconds: z.number().nullable(), count: z.number().int() })),
  }),
  withinTarget: z.array(withinTargetSchema),
  /** Over the trend's span. */
  medians: z.object({
    decided: z.number().int(),
    /** First flag to decision. */
    flagToDecisionSeconds: seconds,
    /** The latest claim to the decision, over the items that were claimed before being decided. */
    claimToDecisionSeconds: seconds,
    claimedDecided: z.number().int(),
  }),
  daily: z.array(z.object({ day: z.string(), decided: z.number().int(), withinTarget: z.number().int(), medianFlagToDecisionSeconds: seconds })),
  /**
   * Who decided what over the span: every staff member for an admin, only their own row for a
   * moderator. `daily` lines up with the top-level `daily`.
   */
  moderators: z.array(z.object({ staffId: z.string().nullable(), name: z.string(), decided: z.number().int(), perDay: z.number(), daily: z.array(z.number().int()) })),
  /** Second reviews over the last 30 days, whatever the trend's span (lib/quality); filtered for a moderator as `moderators` is. */
  agreement: agreementSchema,
});
export type QueueHealth = z.infer<typeof queueHealthSchema>;

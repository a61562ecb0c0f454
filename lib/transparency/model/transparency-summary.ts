import { z } from "zod";
import { keysOf, DECISION_GROUNDS, STATEMENT_CATEGORIES } from "./dsa-vocabulary";

/** GET /api/transparency/summary: the figures a transparency report gives for a range. */
export const transparencySummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Flags received: each is a user's notice about a message. */
  noticesReceived: z.number().int(),
  /** Review decisions made: upheld (the message hidden) and dismissed (no action). */
  decisions: z.object({ upheld: z.number().int(), dismissed: z.number().int() }),
  /** Statements of reasons the range's export holds: restrictions of content and of accounts. */
  restrictions: z.object({
    content: z.number().int(),
    accounts: z.number().int(),
    byGround: z.array(z.object({ ground: z.enum(keysOf(DECISION_GROUNDS)), count: z.number().int() })),
    byCategory: z.array(z.object({ category: z.enum(keysOf(STATEMENT_CATEGORIES)), count: z.number().int() })),
  }),
  /** From an item's first flag to its decision, over the range's decisions; null when none. */
  medianHoursToDecision: z.number().nullable(),
  /** Restrictions decided or detected by automated means, in percent: none, as nobody but moderators decides. */
  automatedPercent: z.number(),
});
export type TransparencySummary = z.infer<typeof transparencySummarySchema>;

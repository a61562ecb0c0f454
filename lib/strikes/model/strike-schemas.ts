import { z } from "zod";
import { STRIKE_ACTIONS } from "@/lib/settings/model/setting-values";

/** A user's strike ledger as GET /api/users/{uid}/strikes sends it. Browser-safe; times are integer seconds. */

const seconds = z.number().int();

export const strikeSchema = z.object({
  /** The upheld item (its message id, a link into the queue). */
  messageId: z.string(),
  /** The start of the message's text, as the chat user wrote it (hostile: shown as text only). */
  excerpt: z.string(),
  policy: z.object({ id: z.number().int(), name: z.string() }),
  /** The policy's weight when the item was decided. */
  weight: z.number().int(),
  decidedAt: seconds,
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  expiresAt: seconds,
  live: z.boolean(),
});
export type Strike = z.infer<typeof strikeSchema>;

export const strikeRecommendationSchema = z.object({ action: z.enum(STRIKE_ACTIONS), threshold: z.number().int(), live: z.number().int(), words: z.string() });

export const strikeLedgerSchema = z.object({
  uid: z.string(),
  /** How long a strike counts (the team's setting). */
  expiryDays: z.number().int(),
  /** The weights of the live strikes, summed. */
  live: z.number().int(),
  /** Newest first, live and expired; at most MAX_LEDGER_STRIKES. */
  strikes: z.array(strikeSchema),
  recommendation: strikeRecommendationSchema.nullable(),
});
export type StrikeLedger = z.infer<typeof strikeLedgerSchema>;
export const strikeLedgerResponseSchema = z.object({ data: strikeLedgerSchema });

/** The ledger lists this many strikes at most (the live sum counts them all). */
export const MAX_LEDGER_STRIKES = 200;
export const EXCERPT_CHARS = 140;

/**
 * Quality sampling's fixed values, apart from the zod schemas (quality-schemas.ts) so the pages'
 * first JavaScript carries no zod and the database enum derives from them.
 */

/** A second review or a ruling decides as the first decision did: upheld (resolved) or dismissed. */
export const QUALITY_DECISIONS = ["resolved", "dismissed"] as const;
export type QualityDecision = (typeof QUALITY_DECISIONS)[number];

/**
 * pending: waiting for a second review; agreed / disputed: reviewed, the same decision or not;
 * ruled: an admin ruled on the disagreement; withdrawn: the decision was taken back (the item
 * reopened) before anyone ruled, so there is nothing left to check.
 */
export const SAMPLE_STATES = ["pending", "agreed", "disputed", "ruled", "withdrawn"] as const;
export type SampleState = (typeof SAMPLE_STATES)[number];

/** Agreement is measured over the last 30 days of second reviews. */
export const AGREEMENT_DAYS = 30;

/** The words for a decision, as the second review's buttons and the disputes show them. */
export const DECISION_WORDS: Record<QualityDecision, string> = { resolved: "Upheld the flag (message hidden)", dismissed: "Dismissed the flag (message stays)" };

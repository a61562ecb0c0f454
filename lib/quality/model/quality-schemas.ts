import { z } from "zod";
import { policyIdSchema } from "@/lib/policies/model/policy-schemas";
import { flagReasonSchema, noteText, queuePersonSchema, storedItemSchema } from "@/lib/review/model/review-schemas";
import { QUALITY_DECISIONS, SAMPLE_STATES } from "./quality-constants";

/**
 * Quality sampling, browser-safe: a share of each staff member's decisions goes to a blind second
 * review by someone else; a disagreement goes to an admin, whose ruling stands. See
 * lib/quality/server/ for how samples are drawn, reviewed and ruled on.
 */

export const qualityDecisionSchema = z.enum(QUALITY_DECISIONS);
export const sampleStateSchema = z.enum(SAMPLE_STATES);

export const sampleIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** POST /api/quality/reviews/{id}: the second reviewer's own decision, made without seeing the first. */
export const secondReviewBodySchema = z.strictObject({
  decision: qualityDecisionSchema,
  /** The policy an uphold is made under (required when the team says so); a dismissal names none. */
  policyId: policyIdSchema.optional(),
  note: noteText.optional(),
});
export type SecondReviewBody = z.infer<typeof secondReviewBodySchema>;

/** POST /api/quality/disputes/{id}: an admin's ruling on a disagreement, with the reason. */
export const rulingBodySchema = z.strictObject({
  decision: qualityDecisionSchema,
  policyId: policyIdSchema.optional(),
  note: noteText,
});
export type RulingBody = z.infer<typeof rulingBodySchema>;

const staffRefSchema = z.object({ id: z.string(), name: z.string() });

/** One decision on a sample: the first, the second review's, or the ruling. */
export const sampleDecisionSchema = z.object({
  by: staffRefSchema.nullable(),
  decision: qualityDecisionSchema,
  policy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  at: z.number().int(),
});
export type SampleDecision = z.infer<typeof sampleDecisionSchema>;

/**
 * The flagged message as a second reviewer sees it: what was sent and why it was flagged, never
 * its state, decision, policy, notes or who worked on it.
 */
export const blindItemSchema = storedItemSchema.pick({
  id: true,
  conversationId: true,
  text: true,
  type: true,
  category: true,
  receiverType: true,
  group: true,
  content: true,
  sentAt: true,
  senderUid: true,
  receiverUid: true,
  flaggedCount: true,
  firstFlaggedAt: true,
  lastFlaggedAt: true,
  flags: true,
});
export type BlindItem = z.infer<typeof blindItemSchema>;

const blindSampleSchema = z.object({
  id: z.number().int(),
  item: blindItemSchema,
  people: z.record(z.string(), queuePersonSchema),
  reasons: z.record(z.string(), flagReasonSchema),
});
export type BlindSample = z.infer<typeof blindSampleSchema>;

/** GET /api/quality/reviews/next: the sample this staff member is asked to review next, and how many wait for them. */
export const nextSampleResponseSchema = z.object({ data: blindSampleSchema.nullable(), waiting: z.number().int() });
export type NextSampleResponse = z.infer<typeof nextSampleResponseSchema>;

/** POST /api/quality/reviews/{id}'s answer: whether the two agreed, and, now that it no longer biases anyone, the first decision. */
export const secondReviewResultSchema = z.object({ sampleId: z.number().int(), agreed: z.boolean(), first: sampleDecisionSchema });
export type SecondReviewResult = z.infer<typeof secondReviewResultSchema>;

/** A disagreement for an admin: the item, both decisions, and the ruling once made. */
export const disputeSchema = blindSampleSchema.extend({
  state: sampleStateSchema,
  first: sampleDecisionSchema,
  second: sampleDecisionSchema,
  ruling: sampleDecisionSchema.nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** GET /api/quality/disputes: the disagreements waiting for a ruling, oldest first, and the latest ruled. */
export const disputesResponseSchema = z.object({ data: z.array(disputeSchema), ruled: z.array(disputeSchema) });
export type DisputesResponse = z.infer<typeof disputesResponseSchema>;

/** POST /api/quality/disputes/{id}'s answer: `changed` when the ruling differs from the item's decision and so replaced it. */
export const rulingResultSchema = z.object({ sampleId: z.number().int(), changed: z.boolean() });
export type RulingResult = z.infer<typeof rulingResultSchema>;

const rateSchema = z.object({ reviewed: z.number().int(), agreed: z.number().int(), percent: z.number().nullable() });

/**
 * Agreement between first decisions and their second reviews over the last `days` days (by the
 * second review's time): per first decider and per policy the first decision named (null: a
 * dismissal, or an uphold under no policy). A moderator gets only their own decisions' figures.
 * `upheld` / `overturned`: rulings that kept or replaced the first decision.
 */
export const agreementSchema = z.object({
  days: z.number().int(),
  staff: z.array(rateSchema.extend({ staffId: z.string().nullable(), name: z.string(), upheld: z.number().int(), overturned: z.number().int() })),
  policies: z.array(rateSchema.extend({ policyId: z.number().int().nullable(), name: z.string() })),
  /** Samples waiting for a second review, and disagreements waiting for a ruling (the team's, for anyone). */
  pending: z.number().int(),
  disputed: z.number().int(),
});
export type Agreement = z.infer<typeof agreementSchema>;

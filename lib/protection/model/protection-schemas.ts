import { z } from "zod";
import { uidSchema } from "@/lib/api/params";
import { STAFF_ROLES } from "@/lib/auth/roles";
import { policyIdSchema } from "@/lib/policies/model/policy-schemas";
import { DEACTIVATION_REQUEST_STATES } from "@/lib/policies/model/policy-constants";

/**
 * Protected users and two-person deactivation, as the API sends them. Browser-safe: the queue's
 * overview, the user page and the admin page parse with these.
 */

/** Why a user needs two staff members to deactivate: the admins' list, a chat-service tag or role. */
export const protectionSchema = z.object({ by: z.enum(["list", "tag", "role"]), value: z.string() });
export type Protection = z.infer<typeof protectionSchema>;

export const deactivationRequestSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  requestedBy: z.object({ id: z.string().nullable(), name: z.string(), role: z.enum(STAFF_ROLES) }),
  requestedAt: z.number(),
  note: z.string().nullable(),
  policy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  messageId: z.string().nullable(),
  state: z.enum(DEACTIVATION_REQUEST_STATES),
  decidedBy: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  decidedAt: z.number().nullable(),
  decisionNote: z.string().nullable(),
  /** For the staff member reading: whether they asked (and so may cancel), and why they may not decide it (null: they may). */
  viewer: z.object({ mine: z.boolean(), whyNotDecide: z.string().nullable() }),
});
export type DeactivationRequest = z.infer<typeof deactivationRequestSchema>;

/** GET /api/deactivation-requests: the pending requests (oldest first) and the latest decided ones. */
export const deactivationRequestsResponseSchema = z.object({
  data: z.object({ pending: z.array(deactivationRequestSchema), decided: z.array(deactivationRequestSchema) }),
});
export type DeactivationRequestsResponse = z.infer<typeof deactivationRequestsResponseSchema>;

export const deactivationRequestsQuerySchema = z.strictObject({ uid: uidSchema.optional() });

export const requestIdParamsSchema = z.strictObject({
  id: z.coerce.number({ error: "expected a request id (a whole number)" }).int().positive().max(Number.MAX_SAFE_INTEGER),
});

const decisionNoteSchema = z.string().trim().max(2000, "a note of at most 2000 characters").optional();

/** POST /api/deactivation-requests/{id}: a second staff member decides; the requester may cancel. */
export const decideRequestBodySchema = z.strictObject({
  decision: z.enum(["approve", "refuse", "cancel"], { error: "expected approve, refuse or cancel" }),
  note: decisionNoteSchema,
});
export type DecideRequestBody = z.infer<typeof decideRequestBodySchema>;

/** A user waiting for approval after a deactivation asked for them. */
export const awaitingApprovalSchema = z.object({
  uid: z.string(),
  requestId: z.number().int(),
  protection: protectionSchema,
  /** Someone had already asked: this request joined theirs. */
  joined: z.boolean(),
});
export type AwaitingApproval = z.infer<typeof awaitingApprovalSchema>;

/** The optional fields every deactivation path takes: the policy the decision is made under and a note for the approver. */
export const deactivationDecisionFields = {
  policyId: policyIdSchema.optional(),
  note: z.string().trim().max(2000, "a note of at most 2000 characters").optional(),
};

export const protectedUserSchema = z.object({
  uid: z.string(),
  note: z.string().nullable(),
  addedBy: z.string().nullable(),
  addedAt: z.number(),
});
export type ProtectedUser = z.infer<typeof protectedUserSchema>;
export const protectedUsersResponseSchema = z.object({ data: z.array(protectedUserSchema) });

export const addProtectedUserBodySchema = z.strictObject({
  uid: uidSchema,
  note: z.string().trim().max(500, "a note of at most 500 characters").optional(),
});
export const protectedUidParamsSchema = z.strictObject({ uid: uidSchema });

/** GET /api/users/{uid}/protection: whether a user is protected, why, and the pending request if any. */
export const userProtectionResponseSchema = z.object({
  data: z.object({ protection: protectionSchema.nullable(), pending: deactivationRequestSchema.nullable() }),
});
export type UserProtection = z.infer<typeof userProtectionResponseSchema>["data"];

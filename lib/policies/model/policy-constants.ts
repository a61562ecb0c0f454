/**
 * The fixed vocabularies of policies, settings and two-person deactivation, declared once: the
 * database enums (lib/db/schema.ts) and the API's zod schemas derive from these.
 */

/** A policy is either the law (a legal ground) or the service's own terms. */
export const POLICY_GROUNDS = ["legal", "terms_of_service"] as const;
export type PolicyGround = (typeof POLICY_GROUNDS)[number];

/** Words for each ground; here, not with the schemas, so a page can show them without loading zod. */
export const GROUND_LABELS: Record<PolicyGround, string> = {
  legal: "Legal ground",
  terms_of_service: "Terms of service",
};

/** How a request to deactivate a protected user ended (pending until a second staff member decides). */
export const DEACTIVATION_REQUEST_STATES = ["pending", "approved", "refused", "cancelled"] as const;
export type DeactivationRequestState = (typeof DEACTIVATION_REQUEST_STATES)[number];

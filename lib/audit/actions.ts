/** Every action the audit log records, declared once; the API's filter schema and the viewer derive from it. */
export const AUDIT_ACTIONS = [
  "message.pin",
  "users.deactivate",
  "user.friends.add",
  "user.auth_token.update",
  "review.claim",
  "review.unclaim",
  "review.resolve",
  "review.dismiss",
  "review.reopen",
  "review.note",
  "review.escalate",
  "review.deescalate",
  "review.undo",
  "review.write_back",
  "users.reactivate",
  "staff.add",
  "staff.role.set",
  "staff.disable",
  "staff.enable",
  "staff.sign_in_unlock",
  "staff.rename",
  "staff.password.reset",
  "staff.two_factor.reset",
  "account.password.change",
  "account.recovery_codes.regenerate",
  "account.two_factor.disable",
  "account.preferences.update",
  "auth.sign_in",
  "auth.sign_out",
  "auth.two_factor",
  "auth.sign_in_delayed",
  "auth.presence",
  "apikey.reveal",
  "apikey.copy",
  "audit.export",
  "transparency.export",
  "settings.update",
  "policy.create",
  "policy.update",
  "policy.reason_map.set",
  "deactivation_request.create",
  "deactivation_request.approve",
  "deactivation_request.refuse",
  "deactivation_request.cancel",
  "protected_user.add",
  "protected_user.remove",
  "reporter.mute",
  "reporter.unmute",
  "quality.review",
  "quality.ruling",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * How an audited action ended, declared once: the database enum and the viewer's filter derive from
 * it. "unknown": the request may have reached the chat service and no clear answer came back (a
 * timeout, a dropped connection), or the dashboard stopped before it recorded the outcome.
 */
export const AUDIT_OUTCOMES = ["pending", "success", "failure", "unknown"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** The outcome as the audit viewer words it. */
export const AUDIT_OUTCOME_LABELS: Record<AuditOutcome, string> = {
  pending: "pending",
  success: "success",
  failure: "failure",
  unknown: "may have happened: check",
};

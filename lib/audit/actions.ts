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
  "staff.add",
  "staff.role.set",
  "staff.disable",
  "staff.enable",
  "auth.sign_in",
  "auth.sign_out",
  "auth.two_factor",
  "apikey.reveal",
  "apikey.copy",
  "audit.export",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How an audited action ended, declared once: the database enum and the viewer's filter derive from it. */
export const AUDIT_OUTCOMES = ["pending", "success", "failure"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

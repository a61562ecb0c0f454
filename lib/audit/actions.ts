import { z } from "zod";

/** Every action the audit log records, declared once; the viewer's filter derives from it. */
export const auditActionSchema = z.enum([
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
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

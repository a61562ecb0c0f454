import "server-only";
import { APIError } from "better-auth/api";
import { z } from "zod";
import { describeIssues } from "@/lib/api/route";
import { staffText } from "@/lib/text/staff-text";

const PASSWORD_SIGN_IN = "/sign-in/email";

/** Longer than any real address (RFC 5321 allows 254), and the length the per-account delay keys on. */
export const MAX_SIGN_IN_EMAIL_LENGTH = 320;

const signInEmailSchema = staffText(z.string().max(MAX_SIGN_IN_EMAIL_LENGTH, `the email is longer than ${MAX_SIGN_IN_EMAIL_LENGTH} characters`), {
  multiline: false,
});

/**
 * For the auth library's before hook: the email of a password sign-in, refused with a 400 naming
 * it when it holds a control character or an unpaired surrogate, or is too long. Anyone may send
 * one, and it reaches the database before the password is checked (the per-account delay, the
 * audit row): a NUL, or a surrogate pair cut in half by a length limit, made the database refuse
 * those writes, and the attempt answered 500 without an audit row. Its format is the library's.
 */
export function checkSignInEmail(path: string, body: unknown): void {
  if (path !== PASSWORD_SIGN_IN || typeof body !== "object" || body === null || !("email" in body) || typeof body.email !== "string") return;
  const checked = signInEmailSchema.safeParse(body.email);
  if (!checked.success) throw new APIError("BAD_REQUEST", { message: describeIssues(checked.error, "body.email"), code: "ERR_BAD_REQUEST" });
}

import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import { clearSignInFailures, recordSignInFailure, secondsToWait, throttleSettings, tryAgainIn } from "@/lib/auth/account-throttle";
import { auth } from "@/lib/auth/auth";
import { callAuthLibrary } from "@/lib/auth/auth-library-call";
import { twoFactorRequired, type StaffSession } from "@/lib/auth/session";
import { forgetStaffSessions } from "@/lib/auth/session-cache";
import type { Db } from "@/lib/db/open";
import { env } from "@/lib/env/server";
import type { ChangePasswordBody, ConfirmPasswordBody, RecoveryCodes } from "./account-schemas";

/**
 * A signed-in staff member's own account changes, each through better-auth's own endpoint (called
 * from the server with the request's session) and audited. These endpoints are closed to browsers
 * (lib/auth/auth.ts) so the policy and the audit row here cannot be stepped around.
 */

/** Changes the password; every other session of the account ends, this one gets a new cookie. */
export async function changeOwnPassword(db: Db, audited: AuditRunner, me: StaffSession, headers: Headers, body: ChangePasswordBody): Promise<Headers> {
  const api = (await auth()).api;
  const result = await audited({ action: "account.password.change", detail: { email: me.email, otherSessions: "signed out" } }, () =>
    passwordChecked(db, me.email, () => api.changePassword({ headers, body: { ...body, revokeOtherSessions: true }, returnHeaders: true })),
  );
  forgetStaffSessions({ userId: me.id });
  return result.headers;
}

/** New one-time recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(db: Db, audited: AuditRunner, me: StaffSession, headers: Headers, body: ConfirmPasswordBody): Promise<RecoveryCodes> {
  const api = (await auth()).api;
  const result = await audited(
    { action: "account.recovery_codes.regenerate", detail: { email: me.email } },
    () => passwordChecked(db, me.email, () => api.generateBackupCodes({ headers, body })),
    (r) => ({ codes: r.backupCodes.length }),
  );
  return { data: { recoveryCodes: result.backupCodes } };
}

/** Turns two-factor off, unless policy (REQUIRE_2FA) makes it compulsory for this role. */
export async function turnOffTwoFactor(db: Db, audited: AuditRunner, me: StaffSession, headers: Headers, body: ConfirmPasswordBody): Promise<Headers> {
  const api = (await auth()).api;
  const result = await audited({ action: "account.two_factor.disable", detail: { email: me.email } }, async () => {
    if (twoFactorRequired(me.role)) throw new ApiError("ERR_FORBIDDEN", twoFactorCompulsoryMessage(me.role));
    return passwordChecked(db, me.email, () => api.disableTwoFactor({ headers, body, returnHeaders: true }));
  });
  forgetStaffSessions({ userId: me.id });
  return result.headers;
}

/**
 * A change that checks the password again, under the same per-account delay as sign-in: someone
 * holding a stolen session cannot guess the password here faster than at the sign-in page.
 */
async function passwordChecked<T>(db: Db, email: string, call: () => Promise<T>): Promise<T> {
  const wait = await secondsToWait(db, email);
  if (wait > 0) {
    throw new ApiError("ERR_RATE_LIMITED", `Too many wrong passwords for this account. ${tryAgainIn(wait)}`, {
      "retry-after": String(wait),
    });
  }
  try {
    const result = await callAuthLibrary(call);
    await clearSignInFailures(db, email);
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.code === "ERR_WRONG_PASSWORD") {
      await recordSignInFailure(db, email, throttleSettings(env()));
    }
    throw error;
  }
}

export function twoFactorCompulsoryMessage(role: StaffSession["role"]): string {
  return `Two-factor authentication cannot be turned off: this dashboard requires it for ${role === "admin" ? "admins" : "all staff"}. If you lost your authenticator, sign in with a recovery code or ask another admin to reset it.`;
}

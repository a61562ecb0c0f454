import "server-only";
import { APIError, isAPIError } from "better-auth/api";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { clearSignInFailures, recordSignInFailure, secondsToWait, tryAgainIn, type ThrottleSettings } from "./account-throttle";

const PASSWORD_SIGN_IN = "/sign-in/email";

const emailOf = (body: unknown) =>
  typeof body === "object" && body !== null && "email" in body && typeof body.email === "string" && body.email.trim() !== "" ? body.email : undefined;

/**
 * The per-account half of the sign-in limit (the per-address half is better-auth's rate limit),
 * as two steps for the auth library's before and after hooks. While an email's delay runs, its
 * attempts are answered 429 with Retry-After, without checking the password (so without hashing),
 * and audited like any failed sign-in (the library's after hook does not see an attempt its before
 * hook refused). They are as many as the per-address limit lets through, like wrong passwords.
 */
export function signInThrottleHooks(database: Db, settings: ThrottleSettings) {
  return {
    async before(path: string, body: unknown): Promise<void> {
      const email = path === PASSWORD_SIGN_IN ? emailOf(body) : undefined;
      if (!email) return;
      const wait = await secondsToWait(database, email);
      if (wait === 0) return;
      const message = `Too many failed sign-ins for this account. ${tryAgainIn(wait)}`;
      await recordAudit(
        database,
        { actor: null, action: "auth.sign_in", detail: { method: "password", email: email.slice(0, 320), retryAfterSeconds: wait } },
        { code: "SIGN_IN_DELAYED", status: 429, message },
      );
      throw new APIError("TOO_MANY_REQUESTS", { message, code: "SIGN_IN_DELAYED" }, { "Retry-After": String(wait) });
    },

    /** A wrong password counts (and is audited once it starts a delay); a right one resets the count. */
    async after(path: string, body: unknown, returned: unknown): Promise<void> {
      const email = path === PASSWORD_SIGN_IN ? emailOf(body) : undefined;
      if (!email) return;
      if (!isAPIError(returned)) {
        await clearSignInFailures(database, email);
        return;
      }
      if (returned.statusCode !== 401) return;
      const { failures, delaySeconds } = await recordSignInFailure(database, email, settings);
      if (delaySeconds === 0) return;
      await recordAudit(database, { actor: null, action: "auth.sign_in_delayed", detail: { email: email.slice(0, 320), failures, delaySeconds } });
    },
  };
}

import "server-only";
import { isAPIError } from "better-auth/api";
import { ApiError } from "@/lib/api/errors";

/** The auth library's refusals an account change can meet, in the dashboard's words. */
const refusals: Record<string, ApiError> = {
  INVALID_PASSWORD: new ApiError("ERR_WRONG_PASSWORD", "That password is not right."),
  TWO_FACTOR_NOT_ENABLED: new ApiError("ERR_CONFLICT", "Two-factor authentication is not on for your account."),
  CREDENTIAL_ACCOUNT_NOT_FOUND: new ApiError("ERR_CONFLICT", "Your account signs in through single sign-on and has no password here. An admin can set one."),
};

/**
 * Runs one of better-auth's endpoints from the server (auth.api.*) and turns its errors into the
 * dashboard's error envelope, so the route wrapper answers and audits them like any other.
 */
export async function callAuthLibrary<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const code = typeof error.body?.code === "string" ? error.body.code : "";
    const known = refusals[code];
    if (known) throw known;
    if (error.statusCode === 429) {
      const retryAfter = new Headers(error.headers).get("retry-after");
      throw new ApiError("ERR_RATE_LIMITED", error.message, retryAfter ? { "retry-after": retryAfter } : {});
    }
    if (error.statusCode === 401) throw new ApiError("ERR_UNAUTHORIZED", "Sign in again to change your account.");
    throw error;
  }
}

/** A JSON answer that also carries the session cookie the auth library set (a new session after a change). */
export function withAuthCookies(body: unknown, authHeaders: Headers): Response {
  const response = Response.json(body);
  for (const cookie of authHeaders.getSetCookie()) response.headers.append("set-cookie", cookie);
  return response;
}

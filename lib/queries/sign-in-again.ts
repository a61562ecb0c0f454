import { signInPath } from "@/lib/auth/return-path";
import { ApiClientError } from "./api-fetch";

let leaving = false;

/**
 * While a staff member signs out on purpose, the 401s of queries still in flight must not turn the
 * plain sign-in page into a return trip; released again if the sign-out fails. (Both leave by a
 * full page load, which starts this module afresh.)
 */
export function holdSignInRedirects(hold: boolean): void {
  leaving = hold;
}

/**
 * The dashboard's API answers 401 only when there is no session (signed out in another tab,
 * expired, or ended by an admin; the chat service's own refusals are 502). The browser then goes
 * to sign-in, which brings the staff member back to this page afterwards. One navigation, however
 * many queries fail together.
 */
export function signInAgainOnUnauthorized(error: unknown): void {
  if (leaving || typeof window === "undefined" || !(error instanceof ApiClientError) || error.status !== 401) return;
  leaving = true;
  window.location.assign(signInPath(`${window.location.pathname}${window.location.search}`));
}

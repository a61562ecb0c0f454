/**
 * Bounds the contract does not give, chosen for the dashboard (README, "Limits"): ids up to a
 * length, no control characters, never a bare "." or "..", and none of the characters that mean
 * something in a URL path. The chat client encodes every segment anyway (lib/chat/path.ts);
 * refusing them here makes an id built to reach another path (`../apikeys`, `a%2Fb`, `x?y`,
 * `a\b`) a 400 that never becomes a request. Plain code, so a browser form checks an id exactly
 * as the API will without loading zod; the zod schemas in params.ts use it.
 */
export function idTextProblem(value: string, what: string, max: number): string | undefined {
  if (value.length === 0) return `the ${what} is empty`;
  if (value.length > max) return `the ${what} is longer than ${max} characters`;
  if (/[\u0000-\u001f\u007f]/.test(value)) return `the ${what} contains control characters`;
  if (value === "." || value === "..") return `"." and ".." are not valid as a ${what}`;
  if (/[/\\?#%]/.test(value)) return `the ${what} contains one of / \\ ? # %, which are not allowed in it`;
  return undefined;
}

export const MAX_UID_LENGTH = 100;
export const MAX_MESSAGE_ID_LENGTH = 100;
export const MAX_AUTH_TOKEN_LENGTH = 500;

/** UIDs in one deactivate or add-friends request; the bulk pages split longer lists into batches. */
export const MAX_UIDS_PER_REQUEST = 100;

import { z } from "zod";

/**
 * Bounds the contract does not give, chosen for the dashboard (README, "Limits"): ids up to 100
 * characters, no control characters, never a bare "." or ".." (a dot-segment, not an id).
 */
const idText = (what: string, max: number) =>
  z
    .string({ error: `expected a ${what}` })
    .min(1, `the ${what} is empty`)
    .max(max, `the ${what} is longer than ${max} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `the ${what} contains control characters`)
    .refine((v) => v !== "." && v !== "..", `"." and ".." are not valid as a ${what}`);

/**
 * Path parameters never hold a character that means something in a URL path. The chat client
 * encodes every segment anyway (lib/chat/path.ts); refusing them here makes an id built to reach
 * another path (`../apikeys`, `a%2Fb`, `x?y`, `a\b`) a 400 that never becomes a request.
 */
const segmentText = (what: string, max: number) =>
  idText(what, max).refine((v) => !/[/\\?#%]/.test(v), `the ${what} contains one of / \\ ? # %, which are not allowed in it`);

export const uidSchema = segmentText("UID", 100);
export const messageIdSchema = segmentText("message id", 100);
export const authTokenValueSchema = segmentText("auth token", 500);

export const MAX_UIDS_PER_REQUEST = 100;

export const uidListSchema = z
  .array(uidSchema, { error: "expected an array of UIDs" })
  .min(1, "at least one UID is needed")
  .max(MAX_UIDS_PER_REQUEST, `at most ${MAX_UIDS_PER_REQUEST} UIDs per request`);

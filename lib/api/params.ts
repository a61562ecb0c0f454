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

export const uidSchema = idText("UID", 100);
export const messageIdSchema = idText("message id", 100);
export const authTokenValueSchema = idText("auth token", 500);

export const MAX_UIDS_PER_REQUEST = 100;

export const uidListSchema = z
  .array(uidSchema, { error: "expected an array of UIDs" })
  .min(1, "at least one UID is needed")
  .max(MAX_UIDS_PER_REQUEST, `at most ${MAX_UIDS_PER_REQUEST} UIDs per request`);

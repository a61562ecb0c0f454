import { z } from "zod";
import { MAX_AUTH_TOKEN_LENGTH, MAX_MESSAGE_ID_LENGTH, MAX_UIDS_PER_REQUEST, MAX_UID_LENGTH, idTextProblem } from "./limits";

const idText = (what: string, max: number) =>
  z.string({ error: `expected a ${what}` }).check((ctx) => {
    const problem = idTextProblem(ctx.value, what, max);
    if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
  });

export const uidSchema = idText("UID", MAX_UID_LENGTH);
export const messageIdSchema = idText("message id", MAX_MESSAGE_ID_LENGTH);
export const authTokenValueSchema = idText("auth token", MAX_AUTH_TOKEN_LENGTH);

export const uidListSchema = z
  .array(uidSchema, { error: "expected an array of UIDs" })
  .min(1, "at least one UID is needed")
  .max(MAX_UIDS_PER_REQUEST, `at most ${MAX_UIDS_PER_REQUEST} UIDs per request`);

import { ChatKeyRejectedError, ChatRateLimitedError, ChatServiceError, ChatTimeoutError, ChatUnavailableError } from "@/lib/chat/errors";
import { keyRefusalHealthMessage } from "@/lib/chat/key-refusal";
import type { ChatServiceStatus } from "./health-schema";

export type ChatOutcome = { status: Exclude<ChatServiceStatus, "unchecked">; message: string };

const OK: ChatOutcome = { status: "ok", message: "The chat service answered with the configured key." };

/**
 * The health check's own call (listing the app's fullAccess keys) and what its failure says. It
 * has no user whose permissions could refuse it, so a 403 means the key lacks the scope, like an
 * authOnly key.
 */
export function classifyCheck(error: unknown): ChatOutcome {
  if (error === undefined) return OK;
  if (error instanceof ChatKeyRejectedError) return { status: "key_rejected", message: keyRefusalHealthMessage(error.refusal) };
  if (error instanceof ChatServiceError && error.status === 403) return { status: "key_rejected", message: keyRefusalHealthMessage("scope") };
  if (error instanceof ChatUnavailableError || error instanceof ChatTimeoutError) return { status: "unreachable", message: error.message };
  if (error instanceof ChatRateLimitedError) return { status: "rate_limited", message: error.message };
  return { status: "error", message: error instanceof Error ? error.message : "The check failed." };
}

/**
 * A real call made for a moderator: it tells at once when the key was refused or the service is
 * gone, and a success clears either. Its other failures (a 404, a refused pin, a 429) say nothing
 * about the service as a whole, so they leave the state as the last check left it.
 */
export function classifyCall(error: unknown): ChatOutcome | undefined {
  if (error === undefined) return OK;
  if (error instanceof ChatKeyRejectedError || error instanceof ChatUnavailableError || error instanceof ChatTimeoutError) return classifyCheck(error);
  return undefined;
}

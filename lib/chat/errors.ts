import { keyRefusalProblem, type KeyRefusal } from "./key-refusal";
import { CHAT_OPERATIONS, type ChatOperation } from "./operations";

/** The operation as a moderator would read it in an error message (its row's label). */
export function operationLabel(operation: ChatOperation): string {
  return CHAT_OPERATIONS[operation].label;
}

/**
 * Every failure of a call to the chat service. `status` and `code` are what the dashboard's own
 * API answers with; the subclasses say which kind of failure it was.
 */
export abstract class ChatError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  constructor(
    readonly operation: ChatOperation,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** What the real service adds to its error envelope: wording for developers (logs only) and per-field messages. */
export type ChatErrorExtras = { devMessage?: string; details?: Record<string, string[]> };

/** The service answered with its error envelope; status and code pass through unchanged. */
export class ChatServiceError extends ChatError {
  constructor(
    operation: ChatOperation,
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extras: ChatErrorExtras = {},
  ) {
    super(operation, message);
  }
}

/**
 * The service refused the dashboard's own key or app (a 401, or any AUTH_ERR_* code): a
 * configuration problem, so staff must neither be sent to sign in nor think they made a mistake.
 */
export class ChatKeyRejectedError extends ChatError {
  readonly status = 502;
  readonly code = "ERR_UPSTREAM_KEY_REJECTED";
  constructor(
    operation: ChatOperation,
    readonly refusal: KeyRefusal,
    upstreamMessage: string,
  ) {
    super(
      operation,
      `The dashboard could not ${operationLabel(operation)} because of a configuration problem: ${keyRefusalProblem(refusal)}; ` +
        `the chat service said: ${upstreamMessage} An admin needs to fix the dashboard's settings; this is not something you did.`,
    );
  }
}

export class ChatRateLimitedError extends ChatError {
  readonly status = 429;
  readonly code = "ERR_UPSTREAM_RATE_LIMITED";
  /** Epoch milliseconds when the service said to try again; undefined when it did not say. */
  readonly retryAt: number | undefined;
  constructor(
    operation: ChatOperation,
    readonly retryAfterSeconds: number | undefined,
    nowMs = Date.now(),
  ) {
    const retryAt = retryAfterSeconds === undefined ? undefined : nowMs + retryAfterSeconds * 1000;
    super(
      operation,
      `The chat service is rate-limiting the dashboard (${operationLabel(operation)}). ` +
        (retryAt === undefined
          ? "Try again in a moment."
          : `Paused until ${new Date(retryAt).toISOString().slice(11, 19)} UTC. Try again in ${retryAfterSeconds} s.`),
    );
    this.retryAt = retryAt;
  }
}

export class ChatServerError extends ChatError {
  readonly status = 502;
  readonly code = "ERR_UPSTREAM_SERVER_ERROR";
  constructor(
    operation: ChatOperation,
    readonly upstreamStatus: number,
  ) {
    super(operation, `The chat service failed to ${operationLabel(operation)} (HTTP ${upstreamStatus}). Try again in a moment.`);
  }
}

export class ChatUnavailableError extends ChatError {
  readonly status = 502;
  readonly code: string = "ERR_UPSTREAM_UNAVAILABLE";
  constructor(operation: ChatOperation, reason: string, message = `The chat service could not be reached to ${operationLabel(operation)}: ${reason}.`) {
    super(operation, message);
  }
}

/**
 * The connection broke after the request went out: unlike a refused connection, the service may
 * have acted on it, so a mutation's outcome is unknown. Its own code lets the browser say so.
 */
export class ChatConnectionLostError extends ChatUnavailableError {
  readonly code = "ERR_UPSTREAM_CONNECTION_LOST";
  constructor(operation: ChatOperation) {
    super(operation, "the connection was lost", `The connection to the chat service was lost before it answered (${operationLabel(operation)}).`);
  }
}

export class ChatTimeoutError extends ChatError {
  readonly status = 504;
  readonly code = "ERR_UPSTREAM_TIMEOUT";
  constructor(
    operation: ChatOperation,
    readonly timeoutMs: number,
  ) {
    // No "try again" here: after a timeout a mutation may have happened, and the caller says so.
    super(operation, `The chat service did not answer within ${timeoutMs / 1000} s (${operationLabel(operation)}).`);
  }
}

export class ChatBadResponseError extends ChatError {
  readonly status = 502;
  readonly code = "ERR_UPSTREAM_BAD_RESPONSE";
  constructor(operation: ChatOperation, detail: string) {
    super(operation, `The chat service sent an unexpected response to ${operationLabel(operation)} (${detail}).`);
  }
}

import type { ChatOperation } from "./schemas";

/** Operation names as a moderator would read them in an error message. */
const operationLabels: Record<ChatOperation, string> = {
  pinMessage: "pin message",
  updateAuthToken: "update auth token",
  listApiKeys: "list API keys",
  addFriends: "add friends",
  deactivateUsers: "deactivate users",
  getUser: "get user",
  listFlaggedMessages: "list flagged messages",
};

export function operationLabel(operation: ChatOperation): string {
  return operationLabels[operation];
}

/**
 * Every failure of a call to the chat service. `status` and `code` are what the dashboard's own
 * API answers with; the subclasses say which kind of failure it was.
 */
export abstract class ChatError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  /** Safe to try again later without changing anything (used by read retries). */
  abstract readonly transient: boolean;
  constructor(
    readonly operation: ChatOperation,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The service answered with its error envelope; status and code pass through unchanged. */
export class ChatServiceError extends ChatError {
  readonly transient = false;
  constructor(
    operation: ChatOperation,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(operation, message);
  }
}

/** The service refused the dashboard's own key (401): staff must not be sent to sign in for it. */
export class ChatKeyRejectedError extends ChatError {
  readonly status = 502;
  readonly code = "ERR_UPSTREAM_KEY_REJECTED";
  readonly transient = false;
  constructor(operation: ChatOperation, upstreamMessage: string) {
    super(
      operation,
      `The chat service rejected the dashboard's API key while trying to ${operationLabel(operation)} (${upstreamMessage}). An admin needs to check CHAT_API_KEY.`,
    );
  }
}

export class ChatRateLimitedError extends ChatError {
  readonly status = 429;
  readonly code = "ERR_UPSTREAM_RATE_LIMITED";
  readonly transient = true;
  constructor(
    operation: ChatOperation,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(
      operation,
      `The chat service is rate-limiting the dashboard (${operationLabel(operation)}). ` +
        (retryAfterSeconds === undefined ? "Try again in a moment." : `Try again in ${retryAfterSeconds} s.`),
    );
  }
}

export class ChatServerError extends ChatError {
  readonly status = 502;
  readonly code = "ERR_UPSTREAM_SERVER_ERROR";
  readonly transient = true;
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
  readonly transient = true;
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
  readonly transient = true;
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
  readonly transient = false;
  constructor(operation: ChatOperation, detail: string) {
    super(operation, `The chat service sent an unexpected response to ${operationLabel(operation)} (${detail}).`);
  }
}

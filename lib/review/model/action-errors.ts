type ErrorLike = { code: string; message: string };

/**
 * Failures after which the action may have happened anyway: the request went out and no clear
 * answer came back (the chat service timed out, the connection broke, the answer was unreadable,
 * or the browser lost the dashboard). Every other failure is an answer that nothing was done.
 */
const OUTCOME_UNKNOWN_CODES: ReadonlySet<string> = new Set([
  "ERR_UPSTREAM_TIMEOUT",
  "ERR_UPSTREAM_CONNECTION_LOST",
  "ERR_UPSTREAM_BAD_RESPONSE",
  "ERR_NETWORK",
]);

/** Any thrown value as a code and a message (the dashboard API's errors carry their code). */
export function errorOf(error: unknown): ErrorLike {
  if (error instanceof Error && "code" in error && typeof error.code === "string") return { code: error.code, message: error.message };
  return { code: "ERR_UNKNOWN", message: error instanceof Error ? error.message : "Something went wrong." };
}

export function outcomeUnknown(error: ErrorLike): boolean {
  return OUTCOME_UNKNOWN_CODES.has(error.code);
}

/**
 * A failed action in words that say whether it happened: `notDone` leads when the answer was a
 * refusal ("Not pinned"), `what` names the action when its outcome is unknown ("The pin").
 */
export function describeFailure(what: string, notDone: string, error: ErrorLike): string {
  if (outcomeUnknown(error)) return `${what} may or may not have happened: ${error.message} Check before trying again.`;
  return `${notDone}: ${error.message}`;
}

/**
 * A failed pin in words a moderator can act on. The chat service's own message is kept at the
 * end, because it names the conversation, the action and the role.
 */
export function describePinError(error: ErrorLike, pinningAs: { label: string; role?: string } | null): string {
  if (error.code === "ERR_PINNED_MESSAGES_LIMIT_EXCEEDED") {
    const limit = pinLimitIn(error.message);
    const reached = limit === undefined ? "as many pinned messages as the chat service allows" : `its maximum of ${limit} pinned messages`;
    return `Not pinned: this conversation already has ${reached}. (The chat service said: ${error.message})`;
  }
  if (error.code === "ERR_PERMISSION_DENIED") {
    const who = pinningAs
      ? `${pinningAs.label}${pinningAs.role ? ` (role "${pinningAs.role}")` : ""} may not pin messages`
      : "the app may not pin messages";
    return `Not pinned: pinning was refused. Either pinned messages are switched off for this app, or ${who}. (The chat service said: ${error.message})`;
  }
  return describeFailure("The pin", "Not pinned", error);
}

/** Any other failed review action: what was tried, then why it failed (or that its outcome is unknown). */
export function describeActionError(what: string, error: ErrorLike): string {
  return describeFailure(what, `${what} failed`, error);
}

/**
 * The pin limit as the service's refusal states it ("the limit of 100 pinned messages"): it is the
 * service's to set (100 today, per conversation, user and app pins together), never the dashboard's.
 */
function pinLimitIn(message: string): number | undefined {
  const match = /limit(?:\s+of)?\s+(\d{1,6})\b/i.exec(message) ?? /\b(\d{1,6})\s+pinned\b/i.exec(message);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

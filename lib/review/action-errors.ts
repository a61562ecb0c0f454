/** The most pinned messages one conversation may have (the contract's limit error reports 5). */
export const PINNED_MESSAGES_PER_CONVERSATION = 5;

type ErrorLike = { code: string; message: string };

/**
 * A failed pin in words a moderator can act on. The chat service's own message is kept at the
 * end, because it names the conversation, the action and the role.
 */
export function describePinError(error: ErrorLike, pinningAs: { label: string; role?: string } | null): string {
  if (error.code === "ERR_PINNED_MESSAGES_LIMIT_EXCEEDED") {
    return `Not pinned: this conversation already has its maximum of ${PINNED_MESSAGES_PER_CONVERSATION} pinned messages. (The chat service said: ${error.message})`;
  }
  if (error.code === "ERR_PERMISSION_DENIED") {
    const who = pinningAs
      ? `${pinningAs.label}${pinningAs.role ? ` (role "${pinningAs.role}")` : ""} may not pin messages`
      : "the app may not pin messages";
    return `Not pinned: pinning was refused. Either pinned messages are switched off for this app, or ${who}. (The chat service said: ${error.message})`;
  }
  return `Not pinned: ${error.message}`;
}

/** Any other failed review action: what was tried, then why it failed. */
export function describeActionError(what: string, error: ErrorLike): string {
  return `${what} failed: ${error.message}`;
}

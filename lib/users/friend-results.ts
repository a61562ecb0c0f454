import type { FriendResult } from "@/lib/chat/schemas";

export type FriendOutcome = "added" | "not-added" | "unknown";

/** One asked UID's result in the add-friends answer, with or without the service's message. */
export type FriendResultRow = { uid: string; outcome: FriendOutcome; message?: string };

export const FRIEND_OUTCOME_WORDS: Record<FriendOutcome, string> = { added: "Added", "not-added": "Not added", unknown: "Unknown: check" };

/**
 * Reads the answer per UID (`{accepted: {<uid>: {success, message}}}`), in the order asked. The
 * service keys results by the lower-cased UID; a UID it gave no result for has an unknown outcome.
 */
export function friendResultRows(asked: readonly string[], answer: FriendResult): FriendResultRow[] {
  const byUid = new Map(Object.entries(answer).map(([uid, result]) => [uid.toLowerCase(), result]));
  return asked.map((uid) => {
    const result = byUid.get(uid.toLowerCase());
    if (!result) return { uid, outcome: "unknown", message: "The chat service gave no result for this UID." };
    return { uid, outcome: result.success ? "added" : "not-added", ...(result.message ? { message: result.message } : {}) };
  });
}

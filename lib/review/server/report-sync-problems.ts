import "server-only";
import type { UnreadableItem } from "@/lib/chat/flagged-items";
import { log } from "@/lib/log";

/** Problems already logged; bounded so a service inventing ids cannot grow it without end. */
const logged = new Set<string>();
const MAX_REMEMBERED = 10_000;

/**
 * Every sync meets the same problem item again (every few seconds, while the service lists it): each
 * is logged once, by id and problem only, never its content, which a chat user wrote. The queue's
 * status line keeps showing them.
 */
function warnOnce(key: string, fields: Record<string, unknown>, message: string): void {
  if (logged.has(key)) return;
  if (logged.size >= MAX_REMEMBERED) logged.clear();
  logged.add(key);
  log().warn(fields, message);
}

/** Flagged items the dashboard could not read (they do not fit the contract). */
export function reportUnreadable(items: readonly UnreadableItem[]): void {
  for (const item of items) {
    warnOnce(
      `unreadable\u0000${item.id ?? ""}\u0000${item.problem}`,
      { event: "flagged_item_unreadable", messageId: item.id, problem: item.problem },
      "a flagged message from the chat service could not be read",
    );
  }
}

/** A flagged message the database refused even on its own (`code`: PostgreSQL's), so it is not in the queue. */
export function reportSkipped(messageId: string, code: string | undefined): void {
  warnOnce(`skipped\u0000${messageId}`, { event: "flagged_item_skipped", messageId, code }, "flagged message skipped: the database refused one of its values");
}

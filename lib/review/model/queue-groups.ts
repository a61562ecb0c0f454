import type { QueueItem } from "./review-schemas";
import type { QueueGroup } from "./queue-view";

/** What a list grouped by conversation calls the group of every direct message. */
export const DIRECT_MESSAGES = "Direct messages";

/**
 * The group an item falls in when the list is grouped: its sender (repeat offenders), or its
 * conversation (each group, and every direct message in one). The server orders a grouped list
 * by these keys (lib/review/server/queue-query.ts) and says each group's size under the same key.
 */
export function groupKeyOf(item: Pick<QueueItem, "sender" | "group">, by: Exclude<QueueGroup, "none">): string {
  if (by === "sender") return `sender:${item.sender.uid}`;
  return item.group ? `group:${item.group.guid}` : "direct";
}

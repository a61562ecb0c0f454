import type { QueueItem, QueuePerson } from "./review-schemas";

export type SenderGroup = { sender: QueuePerson; items: QueueItem[]; messageCount: number; flagCount: number };

/**
 * Groups items by sender to show repeat offenders: the sender with the most flags first (then
 * the most flagged messages, then by name). Items keep their order inside a group.
 */
export function groupBySender(items: readonly QueueItem[]): SenderGroup[] {
  const groups = new Map<string, SenderGroup>();
  for (const item of items) {
    const group = groups.get(item.sender.uid) ?? { sender: item.sender, items: [], messageCount: 0, flagCount: 0 };
    group.items.push(item);
    group.messageCount += 1;
    group.flagCount += item.flaggedCount;
    groups.set(item.sender.uid, group);
  }
  return [...groups.values()].sort(
    (a, b) => b.flagCount - a.flagCount || b.messageCount - a.messageCount || a.sender.name.localeCompare(b.sender.name),
  );
}

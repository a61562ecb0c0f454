import { groupBySender, type SenderGroup } from "./group-by-sender";
import type { QueueItem } from "./review-schemas";

export type ReasonCount = { reasonId: string; reasonName: string; count: number };

/** Open items per flag reason; an item flagged for two reasons counts under both. */
export function openItemsByReason(items: readonly QueueItem[]): ReasonCount[] {
  const counts = new Map<string, ReasonCount>();
  for (const item of items) {
    if (item.state !== "open") continue;
    for (const reasonId of new Set(item.flags.map((f) => f.reasonId))) {
      const reasonName = item.flags.find((f) => f.reasonId === reasonId)?.reasonName ?? reasonId;
      const entry = counts.get(reasonId) ?? { reasonId, reasonName, count: 0 };
      entry.count += 1;
      counts.set(reasonId, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.reasonName.localeCompare(b.reasonName));
}

export type DayCount = { day: string; count: number };

const DAY = 86_400;

/** The UTC day a time (in seconds) falls on: all that flagsPerDay, and so queueOverview, reads of it. */
export const utcDay = (seconds: number) => Math.floor(seconds / DAY);

/** Flags per UTC day over the last `days` days, oldest day first, today last. */
export function flagsPerDay(items: readonly QueueItem[], nowSeconds: number, days = 7): DayCount[] {
  const today = utcDay(nowSeconds);
  const counts = new Array<number>(days).fill(0);
  for (const item of items) {
    for (const flag of item.flags) {
      const index = days - 1 - (today - Math.floor(flag.flaggedAt / DAY));
      if (index >= 0 && index < days) counts[index] = (counts[index] ?? 0) + 1;
    }
  }
  return counts.map((count, i) => ({ day: new Date((today - (days - 1 - i)) * DAY * 1000).toISOString().slice(0, 10), count }));
}

/** Senders with more than one flagged message, the most flagged messages first. */
export function topRepeatOffenders(items: readonly QueueItem[], limit = 5): SenderGroup[] {
  return groupBySender(items)
    .filter((g) => g.messageCount > 1)
    .sort((a, b) => b.messageCount - a.messageCount || b.flagCount - a.flagCount || a.sender.name.localeCompare(b.sender.name))
    .slice(0, limit);
}

type Offender = Pick<SenderGroup, "sender" | "messageCount" | "flagCount">;

/**
 * What the top of the queue shows of the items the page works with (`held` of them). Small enough
 * for the server to send with a large queue's first rows, so the top is final from the first paint.
 */
export type QueueOverview = { held: number; reasons: ReasonCount[]; days: DayCount[]; offenders: Offender[] };

/** `fetchedAt`, not the clock, anchors the days, so every moderator sees the same bars for the same data. */
export function queueOverview(items: readonly QueueItem[], fetchedAt: number): QueueOverview {
  return {
    held: items.length,
    reasons: openItemsByReason(items),
    days: flagsPerDay(items, fetchedAt),
    offenders: topRepeatOffenders(items).map(({ sender, messageCount, flagCount }) => ({ sender, messageCount, flagCount })),
  };
}

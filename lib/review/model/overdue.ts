import type { StoredItem } from "./review-schemas";

/**
 * When an open review item is overdue: the one rule behind the queue's badge, its count and its
 * "oldest overdue first" sort, and the cut-off the header's count (lib/review/server/review-counts.ts)
 * asks the database with. Pure and clock-free: the caller says what time it is.
 */

export type OverdueRule = { targetSeconds: number; nowSeconds: number };

export function overdueRule(targetHours: number, nowSeconds: number): OverdueRule {
  return { targetSeconds: Math.round(targetHours * 3600), nowSeconds };
}

/** An item first flagged before this second (strictly) has waited longer than the target. */
export function overdueCutoff(rule: OverdueRule): number {
  return rule.nowSeconds - rule.targetSeconds;
}

/** Measured from the first flag: a new flag on an old item does not reset how long it has waited. */
export function isOverdue(item: Pick<StoredItem, "state" | "firstFlaggedAt">, rule: OverdueRule): boolean {
  return item.state === "open" && item.firstFlaggedAt < overdueCutoff(rule);
}

export function countOverdue(items: readonly Pick<StoredItem, "state" | "firstFlaggedAt">[], rule: OverdueRule): number {
  let n = 0;
  for (const item of items) if (isOverdue(item, rule)) n += 1;
  return n;
}

/** The target in words for labels and titles: "24 hours", "1 hour", "30 minutes". */
export function describeTarget(targetHours: number): string {
  const minutes = Math.round(targetHours * 60);
  if (minutes % 60 !== 0) return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  const hours = minutes / 60;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

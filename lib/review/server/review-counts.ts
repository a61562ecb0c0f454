import "server-only";
import type { Db } from "@/lib/db/open";
import { env } from "@/lib/env/server";
import { overdueRule, type OverdueRule } from "@/lib/review/model/overdue";
import type { ReviewCounts } from "@/lib/review/model/review-counts-schema";
import { readQueueCounts } from "./queue-counts";
import { queueTime, readThroughQueueCache } from "./queue-read-cache";

/**
 * The header's counts without loading the queue: every page polls this, so it reads three
 * numbers, not thousands of rows (lib/review/queue-counts.ts). Overdue uses the queue's own rule
 * through its cut-off (first flagged strictly before it).
 */
export async function countReviewItems(db: Db, rule: OverdueRule): Promise<ReviewCounts> {
  const counts = await readQueueCounts(db, rule);
  return { open: counts.byState.open, overdue: counts.overdue, escalated: counts.escalated };
}

/** The counts as of now (the queue's time step), against REVIEW_TARGET_HOURS: what the header shows, through the stored queue's cache. */
export function countReviewItemsNow(db: Db, nowMs = Date.now()): Promise<ReviewCounts> {
  const nowSeconds = queueTime(nowMs);
  return readThroughQueueCache(db, `counts:${nowSeconds}`, () => countReviewItems(db, overdueRule(env().REVIEW_TARGET_HOURS, nowSeconds)));
}

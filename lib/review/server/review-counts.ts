import "server-only";
import { and, eq, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flaggedMessage } from "@/lib/db/schema";
import { env } from "@/lib/env/server";
import { overdueCutoff, overdueRule, type OverdueRule } from "@/lib/review/model/overdue";
import type { ReviewCounts } from "@/lib/review/model/review-counts-schema";
import { queueTime, readThroughQueueCache } from "./queue-read-cache";

const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * The header's counts in one statement, without loading the queue: every page polls this, so it
 * reads three numbers, not thousands of rows. Overdue uses the queue's own rule through its
 * cut-off (first flagged strictly before it).
 */
export async function countReviewItems(db: Db, rule: OverdueRule): Promise<ReviewCounts> {
  const open = eq(flaggedMessage.state, "open");
  const cutoff = new Date(overdueCutoff(rule) * 1000);
  const [row] = await db
    .select({
      open: countWhere(open),
      overdue: countWhere(and(open, lt(flaggedMessage.firstFlaggedAt, cutoff))),
      escalated: countWhere(and(open, isNotNull(flaggedMessage.escalatedAt))),
    })
    .from(flaggedMessage);
  return row ?? { open: 0, overdue: 0, escalated: 0 };
}

/** The counts as of now (the queue's time step), against REVIEW_TARGET_HOURS: what the header shows, through the stored queue's cache. */
export function countReviewItemsNow(db: Db, nowMs = Date.now()): Promise<ReviewCounts> {
  const nowSeconds = queueTime(nowMs);
  return readThroughQueueCache(db, `counts:${nowSeconds}`, () => countReviewItems(db, overdueRule(env().REVIEW_TARGET_HOURS, nowSeconds)));
}

import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { compactQueueCounts, readStateCounts } from "./queue-counts";

/** Fewer written rows than this never call for new statistics. */
const ANALYZE_MIN_ROWS = 1_000;
/** …nor fewer than this share of the queue (PostgreSQL's own autovacuum default). */
const ANALYZE_SHARE = 0.1;

const writtenSinceAnalyze = new WeakMap<Db, number>();

/**
 * What the syncing instance does after each sync so the queue's reads stay cheap: folds the
 * counts' appended rows, and once the sync has written a tenth of the queue since the last time,
 * refreshes the planner's statistics. A first import changes the table from empty to 100,000
 * rows within minutes, and PGlite, in one process, has no autovacuum to notice: with statistics of
 * an empty table the planner reads the whole table where an index would read a page.
 */
export async function keepQueueFast(db: Db, written: number): Promise<void> {
  await compactQueueCounts(db);
  const since = (writtenSinceAnalyze.get(db) ?? 0) + written;
  const due = since >= ANALYZE_MIN_ROWS && since >= ANALYZE_SHARE * (await queueSize(db));
  if (!due) {
    writtenSinceAnalyze.set(db, since);
    return;
  }
  await db.execute(sql`analyze flagged_message, flag`);
  writtenSinceAnalyze.set(db, 0);
}

const queueSize = async (db: Db) => Object.values((await readStateCounts(db)).byState).reduce((sum, n) => sum + n, 0);

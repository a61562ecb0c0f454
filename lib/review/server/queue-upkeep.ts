import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { readStateCounts } from "./queue-counts";

/** Fewer written rows than this never call for new statistics. */
const ANALYZE_MIN_ROWS = 1_000;
/**
 * …nor fewer than half the queue: a first import refreshes them about eleven times on its way to
 * 100,000 items. At that size one refresh of both tables costs the database about 2.5 s (ANALYZE
 * samples 30,000 rows of each, reading most of the table), so a tenth of the queue, autovacuum's
 * own step, made 48 of them; within a factor of two the planner chooses the same plans.
 */
const ANALYZE_SHARE = 0.5;

const writtenSinceAnalyze = new WeakMap<Db, number>();

/**
 * Called by the syncing instance after each page it stores: once the sync has written half the
 * queue since the last time, refreshes the planner's statistics and the tables' visibility maps. A first import changes the
 * table from empty to 100,000 rows within minutes, PGlite has no autovacuum, and a PostgreSQL
 * server may run without it (this machine's does) or reach the table a minute late: with the
 * statistics of an empty table the planner reads the whole flag table for fifty items' flags
 * (225 ms a page of the queue instead of 2 ms, measured at 100,000 items), and the import's own
 * reads slow down as it goes. Checked per page, not per sync: a first import is one sync. VACUUM
 * marks the pages all-visible, so counts over an index read the index alone: the overdue count
 * took 31 ms without, 3.5 ms with, at 100,000 items (0.4 s more than ANALYZE alone).
 */
export async function refreshStatisticsWhenDue(db: Db, written: number): Promise<void> {
  const since = (writtenSinceAnalyze.get(db) ?? 0) + written;
  const due = since >= ANALYZE_MIN_ROWS && since >= ANALYZE_SHARE * (await queueSize(db));
  if (!due) {
    writtenSinceAnalyze.set(db, since);
    return;
  }
  await db.execute(sql`vacuum (analyze) flagged_message, flag`);
  writtenSinceAnalyze.set(db, 0);
}

const queueSize = async (db: Db) => Object.values((await readStateCounts(db)).byState).reduce((sum, n) => sum + n, 0);

import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { compactQueueCounts, readStateCounts } from "./queue-counts";

/** Fewer written rows than this never call for new statistics. */
const ANALYZE_MIN_ROWS = 1_000;
/**
 * …nor fewer than half the queue: a first import refreshes them about eleven times on its way to
 * 100,000 items. At that size one refresh of both tables costs the database about 2.5 s (ANALYZE
 * samples 30,000 rows of each, reading most of the table), so a tenth of the queue, autovacuum's
 * own step, made 48 of them; within a factor of two the planner chooses the same plans.
 */
const ANALYZE_SHARE = 0.5;
/**
 * The tables are vacuumed at least this often: the scorer and moderators' decisions (on any
 * instance, unseen here) rewrite rows, and each rewritten row's page is read again by every count
 * over an index until a VACUUM marks it all-visible. A VACUUM of both tables at 100,000 items
 * took 0.15 s with nothing changed, 1.5 s after 2,000 rewritten rows.
 */
export const VACUUM_EVERY_MS = 2 * 60_000;

type Upkeep = { writtenSinceAnalyze: number; vacuumedAt: number };
const upkeep = new WeakMap<Db, Upkeep>();

/**
 * Called by the syncing instance after each page it stores: once the sync has written half the
 * queue since the last time, refreshes the planner's statistics and the tables' visibility maps.
 * A first import changes the table from empty to 100,000 rows within minutes, PGlite has no
 * autovacuum, and a PostgreSQL server may run without it (this machine's does) or reach the table a
 * minute late: with the statistics of an empty table the planner reads the whole flag table for
 * fifty items' flags (225 ms a page of the queue instead of 2 ms, measured at 100,000 items), and the
 * import's own reads slow down as it goes. Checked per page, not per sync: a first import is one sync.
 */
export async function refreshStatisticsWhenDue(db: Db, written: number, nowMs = Date.now()): Promise<void> {
  // A page that wrote nothing brings no refresh nearer: the queue's size is not read for it.
  if (written === 0) return;
  const state = upkeepOf(db, nowMs);
  state.writtenSinceAnalyze += written;
  if (state.writtenSinceAnalyze < ANALYZE_MIN_ROWS || state.writtenSinceAnalyze < ANALYZE_SHARE * (await queueSize(db))) return;
  await db.execute(sql`vacuum (analyze) flagged_message, flag`);
  Object.assign(state, { writtenSinceAnalyze: 0, vacuumedAt: nowMs });
}

/**
 * What the syncing instance does after each sync (and the scoring after it) so the queue's reads
 * stay cheap: folds the counts' appended rows, so their read stays a handful of rows, and at least
 * every VACUUM_EVERY_MS vacuums the tables, whose visibility maps let counts over an index read the
 * index alone: a kind filter's counts took 190 ms under load with the rows' pages unvacuumed, 22 ms
 * idle and vacuumed; the overdue count 31 ms, 3.5 ms. After the sync, not in it, so a VACUUM never
 * holds a page of new flags back, and it finds the rows the scorer just rewrote.
 */
export async function keepQueueFast(db: Db, nowMs = Date.now()): Promise<void> {
  await compactQueueCounts(db);
  const state = upkeepOf(db, nowMs);
  if (nowMs - state.vacuumedAt < VACUUM_EVERY_MS) return;
  await db.execute(sql`vacuum flagged_message, flag`);
  state.vacuumedAt = nowMs;
}

function upkeepOf(db: Db, nowMs: number): Upkeep {
  let state = upkeep.get(db);
  if (!state) upkeep.set(db, (state = { writtenSinceAnalyze: 0, vacuumedAt: nowMs }));
  return state;
}

const queueSize = async (db: Db) => Object.values((await readStateCounts(db)).byState).reduce((sum, n) => sum + n, 0);

import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flaggedMessage as fm, queueCount, queueFacetCount } from "@/lib/db/schema";
import { overdueCutoff, type OverdueRule } from "@/lib/review/model/overdue";
import { REVIEW_STATES, type ReviewState } from "@/lib/review/model/states";

/**
 * The queue's numbers without reading the queue: items per state and escalated items come from
 * queue_count, which the database keeps with triggers (migration 0013); overdue items are the open
 * ones less those first flagged since the review target's cut-off, counted per hour the same way
 * (queue_facet_count, migration 0025). One statement, so every number is of the same moment, at
 * 100 items as at 100,000.
 */
export type StateCounts = { byState: Record<ReviewState, number>; escalated: number };
export type QueueCounts = StateCounts & { overdue: number };

const HOUR_MS = 3_600_000;

type CountRow = { state: ReviewState; escalated: boolean; n: number };

/** queue_count's rows summed per state and escalation, as one JSON array (PGlite answers json parsed, node-postgres too; a string is parsed). */
const countRows = sql<CountRow[] | string>`(select coalesce(json_agg(c), '[]') from (select ${queueCount.state} as state, ${queueCount.escalated} as escalated, sum(${queueCount.n})::int as n from ${queueCount} group by 1, 2) c)`;

function foldCounts(counts: CountRow[] | string | undefined): StateCounts {
  const rows: CountRow[] = typeof counts === "string" ? (JSON.parse(counts) as CountRow[]) : (counts ?? []);
  const byState = Object.fromEntries(REVIEW_STATES.map((state) => [state, 0])) as Record<ReviewState, number>;
  let escalated = 0;
  for (const row of rows) {
    byState[row.state] += row.n;
    // Escalation asks for an admin's attention while the item is open; a decided item's mark is history.
    if (row.escalated && row.state === "open") escalated += row.n;
  }
  return { byState, escalated };
}

/** Items per state, and escalated open items. */
export async function readStateCounts(db: Db): Promise<StateCounts> {
  const [row] = await db.select({ counts: countRows }).from(sql`(select 1) one`);
  return foldCounts(row?.counts);
}

/** A filter whose counts the database keeps: one reason, or one kind of conversation (queue_facet_count). */
export type CountedFacet = { facet: "reason" | "kind"; value: string };

/** A kept count: the sum of its appended rows. */
const keptSum = sql<number>`sum(${queueFacetCount.n})::int`.mapWith(Number);

/** Items per state, and escalated open items, of one reason or kind. */
export async function readFacetCounts(db: Db, { facet, value }: CountedFacet): Promise<StateCounts> {
  const rows = await db
    .select({ state: queueFacetCount.state, escalated: queueFacetCount.escalated, n: keptSum })
    .from(queueFacetCount)
    .where(sql`${queueFacetCount.facet} = ${facet} and ${queueFacetCount.value} = ${value}`)
    .groupBy(queueFacetCount.state, queueFacetCount.escalated);
  return foldCounts(rows);
}

/** The hour (UTC) a time falls in, as queue_facet_count names it: `YYYY-MM-DDTHH`. */
const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/**
 * Items per state, escalated and overdue at the rule's time, all of one moment. Open items first
 * flagged since the cut-off are the kept counts of the hours after the cut-off's, and the cut-off
 * hour's own items since the cut-off, a range of an index: about 17,000 items read at 100,000 with a
 * day's target, 45 ms on pages the scorer had rewritten, became an hour's share of them.
 */
export async function readQueueCounts(db: Db, rule: OverdueRule): Promise<QueueCounts> {
  const cutoffMs = overdueCutoff(rule) * 1000;
  const nextHour = new Date((Math.floor(cutoffMs / HOUR_MS) + 1) * HOUR_MS);
  const c = queueFacetCount;
  const [row] = await db
    .select({
      counts: countRows,
      laterHours: sql<number>`(select coalesce(sum(${c.n}), 0)::int from ${c} where ${c.facet} = 'first-hour' and ${c.state} = 'open' and ${c.value} > ${hourOf(cutoffMs)})`.mapWith(Number),
      cutoffHour: sql<number>`(select count(*)::int from ${fm} where ${fm.state} = 'open' and ${fm.firstFlaggedAt} >= ${new Date(cutoffMs)} and ${fm.firstFlaggedAt} < ${nextHour})`.mapWith(Number),
    })
    .from(sql`(select 1) one`);
  const counts = foldCounts(row?.counts);
  const recent = (row?.laterHours ?? 0) + (row?.cutoffHour ?? 0);
  return { ...counts, overdue: Math.max(0, counts.byState.open - recent) };
}

/** Open items per reason (an item under each of its flags' reasons), reasons with none left out. */
export async function readOpenByReason(db: Db): Promise<{ reasonId: string; count: number }[]> {
  return db
    .select({ reasonId: queueFacetCount.value, count: keptSum })
    .from(queueFacetCount)
    .where(sql`${queueFacetCount.facet} = 'reason' and ${queueFacetCount.state} = 'open'`)
    .groupBy(queueFacetCount.value)
    .having(sql`sum(${queueFacetCount.n}) > 0`);
}

/**
 * Folds the counts' appended rows into one per count, a statement per table: rows appended
 * meanwhile by other transactions are not in its snapshot and stay as they are. Only counts with
 * more than one row are rewritten, so a fold leaves behind as many dead rows as were appended, not
 * the whole table (hundreds of hours' rows, every sync, where autovacuum may be off). Run by the
 * instance that syncs, after each sync, so the counts' reads stay a handful of rows.
 */
export async function compactQueueCounts(db: Db): Promise<void> {
  await foldKeptCounts(db, queueCount, ["state", "escalated"]);
  await foldKeptCounts(db, queueFacetCount, ["facet", "value", "state", "escalated"]);
}

/** One table's fold: the counts (rows of the same key) with more than one row, or none left, become one row or none. */
async function foldKeptCounts(db: Db, table: typeof queueCount | typeof queueFacetCount, keys: readonly string[]): Promise<void> {
  const list = (prefix?: string) => sql.join(keys.map((key) => (prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(key)}` : sql.identifier(key))), sql`, `);
  await db.execute(
    sql`with repeated as (select ${list()} from ${table} group by ${list()} having count(*) > 1 or sum(n) = 0),
        gone as (delete from ${table} q using repeated r where (${list("q")}) = (${list("r")}) returning ${list("q")}, q.n)
        insert into ${table} (${list()}, n) select ${list()}, sum(n)::int from gone group by ${list()} having sum(n) <> 0`,
  );
}

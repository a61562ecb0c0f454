import "server-only";
import { count, max, sql, sum } from "drizzle-orm";
import { freshShared } from "@/lib/async/fresh-shared";
import type { Db } from "@/lib/db/open";
import { deactivatedUser, flaggedMessage } from "@/lib/db/schema";
import { loadQueue, type StoredQueue } from "./load-queue";
import { queueGeneration } from "./queue-changes";

/**
 * How long a fingerprint read is trusted when this process has changed nothing since: the time a
 * change made by another instance on a shared database may take to show. Polls within it cost
 * the database nothing.
 */
export const QUEUE_STAMP_MAX_AGE_MS = 1000;

type Check = { stamp: string; startedAt: number; generation: number };
type Snapshot = { stamp: string; queue: StoredQueue };
type SharedReads = { stamp: () => Promise<string>; load: () => Promise<Snapshot>; checked?: Check; latest?: Snapshot };

const reads = new WeakMap<Db, SharedReads>();

function sharedReads(db: Db): SharedReads {
  const known = reads.get(db);
  if (known) return known;
  const check = async () => {
    const started = { startedAt: Date.now(), generation: queueGeneration(db) };
    const stamp = await queueStamp(db);
    shared.checked = { stamp, ...started };
    return stamp;
  };
  const shared: SharedReads = {
    stamp: freshShared(check),
    // The stamp is read before the rows: a write landing in between makes the next call load
    // once more, never keeps a stale queue.
    load: freshShared(async () => {
      const stamp = await check();
      const snapshot = { stamp, queue: await loadQueue(db) };
      shared.latest = snapshot;
      return snapshot;
    }),
  };
  reads.set(db, shared);
  return shared;
}

/**
 * The stored queue, loaded again only when the database says something changed: every change to
 * an item bumps its version or updated_at, a new message adds a row, and a deactivation adds a
 * row, so one aggregate row fingerprints what loadQueue reads (a staff member's new name shows
 * with the next change). This process's own changes show at the next call (markQueueChanged),
 * other instances' within QUEUE_STAMP_MAX_AGE_MS. Both reads are shared by the callers waiting
 * for them, so a crowd of polling moderators costs the database one read at a time.
 */
export async function loadQueueShared(db: Db): Promise<StoredQueue> {
  const shared = sharedReads(db);
  const { checked, latest } = shared;
  if (
    latest &&
    checked?.stamp === latest.stamp &&
    checked.generation === queueGeneration(db) &&
    Date.now() - checked.startedAt < QUEUE_STAMP_MAX_AGE_MS
  ) {
    return latest.queue;
  }
  const stamp = await shared.stamp();
  if (shared.latest?.stamp === stamp) return shared.latest.queue;
  return (await shared.load()).queue;
}

/** One statement, one round trip. */
async function queueStamp(db: Db): Promise<string> {
  const [row] = await db
    .select({
      n: count(),
      versions: sum(flaggedMessage.version),
      updated: max(flaggedMessage.updatedAt),
      deactivations: sql<string>`(select count(*) || ':' || coalesce(max(${deactivatedUser.deactivatedAt})::text, '') from ${deactivatedUser})`,
    })
    .from(flaggedMessage);
  return JSON.stringify(row);
}

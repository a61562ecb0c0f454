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

/** A loaded queue, with the fingerprint read just before its rows and what this process had changed by then. */
type Snapshot = { stamp: string; queue: StoredQueue; checkedAt: number; generation: number };
type SharedQueue = { refresh: () => Promise<Snapshot>; latest?: Snapshot };

const shared = new WeakMap<Db, SharedQueue>();

function sharedQueue(db: Db): SharedQueue {
  const known = shared.get(db);
  if (known) return known;
  const state: SharedQueue = {
    // One refresh at a time, shared by every caller that arrived before it started: a crowd of
    // polling moderators gets one answer and costs the database one fingerprint read, plus one
    // load of the rows when the fingerprint moved. The fingerprint is read before the rows, so a
    // write landing in between makes the next refresh load once more, never keeps a stale queue.
    refresh: freshShared(async () => {
      const checkedAt = Date.now();
      const generation = queueGeneration(db);
      const stamp = await queueStamp(db);
      const previous = state.latest;
      const queue = previous?.stamp === stamp ? previous.queue : await loadQueue(db);
      state.latest = { stamp, queue, checkedAt, generation };
      return state.latest;
    }),
  };
  shared.set(db, state);
  return state;
}

/**
 * The stored queue, loaded again only when the database says something changed: every change to
 * an item bumps its version or updated_at, a new message adds a row, and a deactivation adds a
 * row, so one aggregate row fingerprints what loadQueue reads (a staff member's new name shows
 * with the next change). This process's own changes show at the next call (markQueueChanged),
 * other instances' within QUEUE_STAMP_MAX_AGE_MS.
 */
export async function loadQueueShared(db: Db): Promise<StoredQueue> {
  const state = sharedQueue(db);
  const { latest } = state;
  if (latest && latest.generation === queueGeneration(db) && Date.now() - latest.checkedAt < QUEUE_STAMP_MAX_AGE_MS) return latest.queue;
  return (await state.refresh()).queue;
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

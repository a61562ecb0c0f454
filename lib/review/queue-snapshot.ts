import "server-only";
import { count, max, sql, sum } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { deactivatedUser, flaggedMessage } from "@/lib/db/schema";
import { loadQueue, type StoredQueue } from "./load-queue";

const snapshots = new WeakMap<Db, { stamp: string; queue: Promise<StoredQueue> }>();

/**
 * The stored queue, loaded again only when the database says something changed: every change to
 * an item bumps its version and updated_at, every sync moves last_seen_at, and a deactivation adds
 * a row, so one aggregate row fingerprints what loadQueue reads (a staff member's new name shows
 * with the next change). The fingerprint is read on every call, so a change made by any instance
 * on a shared database shows at once; what many polling moderators share is the load itself.
 */
export async function loadQueueShared(db: Db): Promise<StoredQueue> {
  const stamp = await queueStamp(db);
  const known = snapshots.get(db);
  if (known?.stamp === stamp) return known.queue;
  const queue = loadQueue(db);
  snapshots.set(db, { stamp, queue });
  queue.catch(() => {
    if (snapshots.get(db)?.queue === queue) snapshots.delete(db);
  });
  return queue;
}

/** One statement, one round trip: it runs on every poll. */
async function queueStamp(db: Db): Promise<string> {
  const [row] = await db
    .select({
      n: count(),
      versions: sum(flaggedMessage.version),
      updated: max(flaggedMessage.updatedAt),
      seen: max(flaggedMessage.lastSeenAt),
      deactivations: sql<string>`(select count(*) || ':' || coalesce(max(${deactivatedUser.deactivatedAt})::text, '') from ${deactivatedUser})`,
    })
    .from(flaggedMessage);
  return JSON.stringify(row);
}

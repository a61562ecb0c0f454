import "server-only";
import { MAX_NOTIFY_BYTES, notifierFor } from "@/lib/db/notify";
import type { Db } from "@/lib/db/open";
import { log } from "@/lib/log";
import type { LiveMessage } from "@/lib/review/model/live-schemas";

/** The one channel the dashboard's instances share for the review queue (changes and presence). */
export const QUEUE_CHANNEL = "dashboard_review_queue";

/**
 * On globalThis, like the database handle and its notifier (lib/db/notify.ts): the decision sender
 * runs in the instrumentation hook's bundle, whose copy of this module is not the route handlers'.
 * With a WeakMap per copy, a change the sender made bumped only its own count, and the queue's next
 * read trusted a fingerprint from before the change (a written-back decision stayed "pending").
 */
const globalForGenerations = globalThis as typeof globalThis & { __dashboardQueueGenerations?: WeakMap<Db, number>; __dashboardQueueChangedAt?: WeakMap<Db, number> };
const generations = (globalForGenerations.__dashboardQueueGenerations ??= new WeakMap<Db, number>());
/** When this process last heard of a change (its own, or another instance's while it listened). */
const changedAt = (globalForGenerations.__dashboardQueueChangedAt ??= new WeakMap<Db, number>());

/**
 * Called after this process commits a change the review queue shows, so the next read of the
 * queue looks at the database at once (a moderator sees their own action in their next poll)
 * rather than trusting a fingerprint read a moment ago, and so open queues hear of it at once,
 * in this process and in the other instances on the same database (lib/review/live/queue-live.ts).
 * `ids` are the changed items when the caller knows them.
 */
export function markQueueChanged(db: Db, ids?: readonly string[]): void {
  noteQueueChanged(db);
  // A long list would not fit in one notification; "the queue changed" says enough.
  const listed = ids && JSON.stringify(ids).length < MAX_NOTIFY_BYTES / 2 ? [...ids] : null;
  publishLiveMessage(db, { type: "change", ids: listed });
}

/** Another instance changed the queue: the next read looks at the database. */
export function noteQueueChanged(db: Db, nowMs = Date.now()): void {
  generations.set(db, queueGeneration(db) + 1);
  changedAt.set(db, nowMs);
}

/** When this process last heard the queue changed; undefined: not since it started. */
export function lastQueueChangeAt(db: Db): number | undefined {
  return changedAt.get(db);
}

export function queueGeneration(db: Db): number {
  return generations.get(db) ?? 0;
}

/** Never fails its caller: the change is committed, and a lost message costs one poll's delay. */
export function publishLiveMessage(db: Db, message: LiveMessage): void {
  notifierFor(db)
    .publish(QUEUE_CHANNEL, message)
    .catch((error: unknown) => log().warn({ err: error }, "a review queue notification could not be sent"));
}

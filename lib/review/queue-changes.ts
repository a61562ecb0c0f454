import "server-only";
import type { Db } from "@/lib/db/open";

const generations = new WeakMap<Db, number>();

/**
 * Called after this process commits a change the review queue shows, so the next read of the
 * queue looks at the database at once (a moderator sees their own action in their next poll)
 * rather than trusting a fingerprint read a moment ago.
 */
export function markQueueChanged(db: Db): void {
  generations.set(db, queueGeneration(db) + 1);
}

export function queueGeneration(db: Db): number {
  return generations.get(db) ?? 0;
}

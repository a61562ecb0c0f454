import "server-only";
import { notifierFor } from "@/lib/db/notify";
import type { Db } from "@/lib/db/open";
import { queueGeneration } from "./queue-changes";
import { watchQueue } from "./queue-live";

/**
 * The stored queue's one cache: answers of queue reads (pages, summaries, the header's counts) by
 * key, kept while the queue has not changed. Every change bumps the queue's generation: this
 * process's own (markQueueChanged, after its commit) and, through their NOTIFY, other instances'
 * (lib/review/queue-live.ts). An answer serves only the generation it was read in, so a change
 * shows in the next read on every instance that hears it. While this process cannot hear the
 * others (PostgreSQL's listening connection is down), an answer is trusted for UNHEARD_MAX_AGE_MS.
 */

const MAX_ENTRIES = 500;

/** Queue reads are cut at half-minute steps, so the moderators asking within one share an answer (items turn overdue at that grain). */
const TIME_STEP_SECONDS = 30;
export const queueTime = (nowMs: number) => Math.floor(nowMs / 1000 / TIME_STEP_SECONDS) * TIME_STEP_SECONDS;
export const UNHEARD_MAX_AGE_MS = 1000;

type Entry = { value: Promise<unknown>; at: number };
type Cache = { generation: number; entries: Map<string, Entry> };

const caches = new WeakMap<Db, Cache>();

function cacheFor(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    // Listening is what makes other instances' changes arrive, so the cache listens for as long as the database is open.
    watchQueue(db, { onChange: () => undefined, onPresence: () => undefined });
    cache = { generation: queueGeneration(db), entries: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

export function readThroughQueueCache<T>(db: Db, key: string, read: () => Promise<T>, nowMs = Date.now()): Promise<T> {
  const cache = cacheFor(db);
  const generation = queueGeneration(db);
  if (cache.generation !== generation) {
    cache.generation = generation;
    cache.entries = new Map();
  }
  const hearing = notifierFor(db).hearing();
  const known = cache.entries.get(key);
  if (known && (hearing || nowMs - known.at < UNHEARD_MAX_AGE_MS)) return known.value as Promise<T>;

  const entries = cache.entries;
  const value = read();
  entries.set(key, { value, at: nowMs });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  // A failed read is not kept: the next caller asks the database again (this one hears the failure).
  value.catch(() => entries.get(key)?.value === value && entries.delete(key));
  return value;
}

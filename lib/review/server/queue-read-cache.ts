import "server-only";
import { notifierFor } from "@/lib/db/notify";
import type { Db } from "@/lib/db/open";
import { queueGeneration } from "@/lib/review/live/queue-changes";
import { watchQueue } from "@/lib/review/live/queue-live";

/**
 * The stored queue's one cache: answers of queue reads (pages, summaries, the header's counts) by
 * key, kept while the queue has not changed. Every change bumps the queue's generation: this
 * process's own (markQueueChanged, after its commit) and, through their NOTIFY, other instances'
 * (lib/review/live/queue-live.ts). An answer serves only the generation it was read in, so a change
 * shows in the next read on every instance that hears it. While this process cannot hear the
 * others (PostgreSQL's listening connection is down), an answer is trusted for UNHEARD_MAX_AGE_MS.
 *
 * Answers read as `lasting` (the overview's charts and the filters' choices: the same for every
 * view, costly over a large queue, and not counts a moderator checks after a decision) outlive
 * changes for a time in proportion to what reading them cost: with fifty moderators deciding, the
 * queue changes several times a second, and they would otherwise be read again for nearly every
 * request. A read that took `ms` serves for `ms / share` (at most `maxMs`), so such reads take at
 * most about `share` of the time; a small queue's cheap read is exact in practice, and an
 * overloaded database's slow answers are asked for less often.
 */
export type Lasting = { share: number; maxMs: number; clock?: () => number };

const MAX_ENTRIES = 500;

/** Queue reads are cut at half-minute steps, so the moderators asking within one share an answer (items turn overdue at that grain). */
const TIME_STEP_SECONDS = 30;
export const queueTime = (nowMs: number) => Math.floor(nowMs / 1000 / TIME_STEP_SECONDS) * TIME_STEP_SECONDS;
export const UNHEARD_MAX_AGE_MS = 1000;

/**
 * `at`: when it was read; a lasting answer serves until `at` plus `lastsMs` (set once it is in;
 * until then the read is shared, and `replaced`, the answer it replaces, is served to the others).
 */
type Entry = { value: Promise<unknown>; at: number; lastsMs?: number; replaced?: Promise<unknown> };
type Cache = { generation: number; entries: Map<string, Entry>; lasting: Map<string, Entry> };

const caches = new WeakMap<Db, Cache>();

function cacheFor(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    // Listening is what makes other instances' changes arrive, so the cache listens for as long as the database is open.
    watchQueue(db, { onChange: () => undefined, onPresence: () => undefined });
    cache = { generation: queueGeneration(db), entries: new Map(), lasting: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

export function readThroughQueueCache<T>(db: Db, key: string, read: () => Promise<T>, nowMs = Date.now(), { lasting }: { lasting?: Lasting } = {}): Promise<T> {
  const cache = cacheFor(db);
  if (lasting) return readLasting(cache.lasting, key, read, nowMs, lasting);
  const generation = queueGeneration(db);
  if (cache.generation !== generation) {
    cache.generation = generation;
    cache.entries = new Map();
  }
  const hearing = notifierFor(db).hearing();
  const known = cache.entries.get(key);
  if (known && (hearing || nowMs - known.at < UNHEARD_MAX_AGE_MS)) return known.value as Promise<T>;
  return remember(cache.entries, key, read, nowMs).value as Promise<T>;
}

/** How long a lasting answer serves, from what reading it took: `readMs / share`, at most `maxMs`. */
export const lastingMs = (readMs: number, { share, maxMs }: Lasting) => Math.min(maxMs, readMs / share);

function readLasting<T>(entries: Map<string, Entry>, key: string, read: () => Promise<T>, nowMs: number, lasting: Lasting): Promise<T> {
  const { clock = () => performance.now() } = lasting;
  const fresh = (entry: Entry) => entry.lastsMs === undefined || nowMs - entry.at < entry.lastsMs;
  const known = entries.get(key);
  if (known && fresh(known)) return (known.replaced ?? known.value) as Promise<T>;
  // While the caller who found it out of date waits for the new answer, the others are served the
  // one it replaces: a slow read over a large queue would otherwise hold every request behind it.
  const replaced = known?.lastsMs !== undefined ? known.value : undefined;
  for (const [other, entry] of entries) if (!fresh(entry)) entries.delete(other);
  const started = clock();
  const entry = remember(entries, key, async () => {
    const answer = await read();
    entry.lastsMs = lastingMs(clock() - started, lasting);
    delete entry.replaced;
    return answer;
  }, nowMs);
  if (replaced) entry.replaced = replaced;
  return entry.value as Promise<T>;
}

function remember(entries: Map<string, Entry>, key: string, read: () => Promise<unknown>, nowMs: number): Entry {
  const value = read();
  const entry: Entry = { value, at: nowMs };
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  // A failed read is not kept: the next caller asks the database again (this one hears the failure).
  value.catch(() => entries.get(key) === entry && entries.delete(key));
  return entry;
}

/**
 * A short-lived cache with request coalescing for reads of the chat service: while one call for a
 * key is in flight, other callers share it, and its answer is reused for `ttlMs`. Many moderators
 * polling the same queue then cost the service about one call per period. Failures are not kept.
 */
export function createReadCache(ttlMs: number, maxEntries = 5_000) {
  const entries = new Map<string, { promise: Promise<unknown>; expires: number; generation: number }>();
  let generation = 0;

  function get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.promise as Promise<T>;
    const mine = ++generation;
    const promise = load().then(
      (value) => {
        const entry = entries.get(key);
        // An invalidation while the call was in flight must not be undone by its (older) answer.
        if (entry?.generation === mine) entry.expires = ttlMs > 0 ? Date.now() + ttlMs : 0;
        return value;
      },
      (error: unknown) => {
        if (entries.get(key)?.generation === mine) entries.delete(key);
        throw error;
      },
    );
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { promise, expires: Number.POSITIVE_INFINITY, generation: mine });
    return promise;
  }

  return {
    get,
    invalidate(key: string) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}


import type { ChatClient } from "./client";
import { wrapOperations } from "./operations";
import { createReadCache } from "./read-cache";

/**
 * The chat client with the reads whose rows name a cache key (the flagged list's first page, one
 * user) shared through a short-lived cache with request coalescing. Each mutation drops exactly the
 * entries its row names, once it has run, whatever its outcome, so staff never see their own
 * action undone by a stale read.
 */
export function withReadCache(client: ChatClient, ttlMs: number): ChatClient {
  const cache = createReadCache(ttlMs);
  const operations = wrapOperations(client, (run, { cacheKey, invalidates }) => {
    if (cacheKey) {
      return (...args) => {
        const key = cacheKey(...args);
        return key === undefined ? run(...args) : cache.get(key, () => run(...args));
      };
    }
    if (invalidates) {
      return async (...args) => {
        const keys = invalidates(...args);
        try {
          return await run(...args);
        } finally {
          for (const key of keys) cache.invalidate(key);
        }
      };
    }
    return run;
  });
  return { ...client, ...operations };
}

/**
 * In-memory token buckets, one per key: `burst` at once, refilled at `perSecond`. `take` answers
 * 0 when a token was taken, or the whole seconds until one is free. Full buckets are forgotten
 * when the map grows, so many keys cannot grow it without bound.
 */
export function createTokenBuckets({ burst, perSecond, maxKeys = 10_000 }: { burst: number; perSecond: number; maxKeys?: number }) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refill = (bucket: { tokens: number; at: number }, now: number) => Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
  return {
    take(key: string, now = Date.now()): number {
      if (buckets.size >= maxKeys) for (const [k, b] of buckets) if (refill(b, now) >= burst) buckets.delete(k);
      const bucket = buckets.get(key);
      const tokens = bucket ? refill(bucket, now) : burst;
      if (tokens < 1) return Math.ceil((1 - tokens) / perSecond);
      buckets.set(key, { tokens: tokens - 1, at: now });
      return 0;
    },
  };
}

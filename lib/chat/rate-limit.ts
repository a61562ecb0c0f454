import { z } from "zod";

/**
 * The chat service's rate-limit budget as its last answer told it: every answer carries
 * `X-Rate-Limit` and `X-Rate-Limit-Remaining`, a refused one (429) `Retry-After` and
 * `X-Rate-Limit-Reset` (epoch seconds). Budgets are per app per minute (cometchat-real-service.md).
 */
export const rateLimitReadingSchema = z.object({
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** Epoch seconds when the budget refills; null when the service did not say. */
  resetAt: z.number().int().nullable(),
  /** Epoch milliseconds of the answer. */
  observedAt: z.number(),
});
export type RateLimitReading = z.infer<typeof rateLimitReadingSchema>;

type HeaderBag = Record<string, string | string[] | undefined>;

/** Background work pauses below this share of the budget, leaving the rest to staff's own actions. */
export const BACKGROUND_RESERVE = 0.1;
/** The budget is per minute: without a reset time, assume the window ends a minute after the reading. */
const WINDOW_MS = 60_000;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function integer(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The reading of one answer's headers, or undefined when it carries none of them. */
export function readRateLimit(headers: HeaderBag, nowMs: number): RateLimitReading | undefined {
  const limit = integer(first(headers["x-rate-limit"]));
  const remaining = integer(first(headers["x-rate-limit-remaining"]));
  const resetAt = integer(first(headers["x-rate-limit-reset"]));
  if (limit === null && remaining === null && resetAt === null) return undefined;
  return { limit, remaining, resetAt, observedAt: nowMs };
}

/** Seconds to wait after a 429: `Retry-After` as seconds or an HTTP date, else the reset time. */
export function retryAfterSeconds(headers: HeaderBag, nowMs: number): number | undefined {
  const value = first(headers["retry-after"]);
  if (value) {
    const seconds = Number(value);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - nowMs) / 1000));
  }
  const reset = integer(first(headers["x-rate-limit-reset"]));
  return reset === null ? undefined : Math.max(0, reset - Math.floor(nowMs / 1000));
}

/**
 * How long the dashboard's own background calls (queue sync, the outbox sender, bulk jobs) should
 * wait before their next call: 0 while more than BACKGROUND_RESERVE of the budget is left, else
 * until the budget refills, so staff's own actions keep the rest.
 */
export function backgroundDelayMs(reading: RateLimitReading | undefined, nowMs: number): number {
  if (!reading || reading.remaining === null) return 0;
  const low = reading.limit ? reading.remaining < reading.limit * BACKGROUND_RESERVE : reading.remaining === 0;
  if (!low) return 0;
  const resetMs = reading.resetAt !== null ? reading.resetAt * 1000 : reading.observedAt + WINDOW_MS;
  return Math.max(0, resetMs - nowMs);
}

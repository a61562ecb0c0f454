import "server-only";
import { lastRateLimit } from "./rate-limit-store";

/** The chat service's rate-limit budget as /api/health shows it (numbers only: no key, no host). */
export type RateLimitHealth = { limit: number | null; remaining: number | null; resetAt: number | null; observedAt: number } | null;

/** The last answer's `X-Rate-Limit` / `X-Rate-Limit-Remaining` (and reset after a 429); null before any answer. Times in seconds. */
export function rateLimitHealth(): RateLimitHealth {
  const reading = lastRateLimit();
  if (!reading) return null;
  return { limit: reading.limit, remaining: reading.remaining, resetAt: reading.resetAt, observedAt: Math.floor(reading.observedAt / 1000) };
}

/** The health payload with the rate-limit numbers under `chatService.rateLimit`, for the header's owner to render. */
export function withRateLimit<H extends { chatService: object }>(health: H): H & { chatService: H["chatService"] & { rateLimit: RateLimitHealth } } {
  return { ...health, chatService: { ...health.chatService, rateLimit: rateLimitHealth() } };
}

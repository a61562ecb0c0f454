import type { RateLimitReading } from "./rate-limit";

/**
 * The process's last rate-limit reading of the configured chat service, on globalThis: the
 * instrumentation hook (the decision sender) and the route bundles are separate module instances
 * in one process, and they spend one budget.
 */
const globalForRateLimit = globalThis as typeof globalThis & { __dashboardRateLimit?: RateLimitReading };

export function recordRateLimit(reading: RateLimitReading): void {
  globalForRateLimit.__dashboardRateLimit = reading;
}

export function lastRateLimit(): RateLimitReading | undefined {
  return globalForRateLimit.__dashboardRateLimit;
}

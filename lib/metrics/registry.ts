import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { lastRateLimit } from "@/lib/chat/rate-limit-store";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env/server";
import { log } from "@/lib/log";
import { readStateCounts } from "@/lib/review/server/queue-counts";
import { readSyncTiming } from "./sync-timing";

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * One registry per process on globalThis: the instrumentation hook (the decision sender) and each
 * route are separate bundles in one process, and they must count into the same metrics.
 */
const globalForMetrics = globalThis as typeof globalThis & { __dashboardMetrics?: Metrics };

/** This process's metrics, or undefined while METRICS_TOKEN is unset (nothing is counted then). */
export function metrics(): Metrics | undefined {
  if (!env().METRICS_TOKEN) return undefined;
  globalForMetrics.__dashboardMetrics ??= createMetrics();
  return globalForMetrics.__dashboardMetrics;
}

/** When this process started, in epoch milliseconds: the sync lag counts from it until a first success. */
const processStartMs = performance.timeOrigin;

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  /**
   * An unlabelled gauge read at each scrape. Unknown is NaN, not prom-client's 0, which would read
   * as "no lag" or "no requests left"; a failed read (the database gone) is NaN too, and logged, so
   * the process metrics still answer when they matter most.
   */
  const readAtScrape = (name: string, help: string, read: () => Promise<number | undefined>) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        let value = Number.NaN;
        try {
          value = (await read()) ?? Number.NaN;
        } catch (error) {
          log().warn({ err: error }, `metrics: could not read ${name}`);
        }
        this.set(value);
      },
    });

  new Gauge({
    name: "dashboard_queue_items",
    help: "Review items in the database by review state.",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      this.reset();
      try {
        for (const [state, count] of Object.entries((await readStateCounts(await db())).byState)) this.set({ state }, count);
      } catch (error) {
        log().warn({ err: error }, "metrics: could not count the queue");
      }
    },
  });
  readAtScrape(
    "dashboard_sync_lag_seconds",
    "Seconds since the flagged list was last pulled from the chat service and stored (before the first success: since the process started).",
    async () => (Date.now() - ((await readSyncTiming()).lastSuccessAt?.getTime() ?? processStartMs)) / 1000,
  );
  readAtScrape("dashboard_sync_last_duration_seconds", "How long the last successful pull of the flagged list took.", async () => {
    const { lastDurationMs } = await readSyncTiming();
    return lastDurationMs === null ? undefined : lastDurationMs / 1000;
  });
  readAtScrape(
    "dashboard_upstream_rate_limit_remaining",
    "Requests left in the chat service's rate-limit window, as its last answer said.",
    async () => lastRateLimit()?.remaining ?? undefined,
  );
  readAtScrape(
    "dashboard_upstream_rate_limit_limit",
    "Requests per window the chat service allows, as its last answer said.",
    async () => lastRateLimit()?.limit ?? undefined,
  );
  return {
    registry,
    upstreamSeconds: new Histogram({
      name: "dashboard_upstream_call_duration_seconds",
      help: "Calls to the chat service by operation, retries included, failed ones too.",
      labelNames: ["operation"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    upstreamErrors: new Counter({
      name: "dashboard_upstream_call_errors_total",
      help: "Calls to the chat service that failed, by operation.",
      labelNames: ["operation"] as const,
      registers,
    }),
    eventStreams: new Gauge({ name: "dashboard_event_streams_open", help: "Live queue event streams this instance holds open.", registers }),
  };
}

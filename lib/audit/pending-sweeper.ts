import "server-only";
import { startBackgroundTask } from "@/lib/async/background-task";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { sweepPendingAudit } from "./sweep-pending";

const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Sweeps pending audit rows left by a stopped process: once at start, then every 5 minutes (each
 * instance sweeps; the update is idempotent).
 */
export function startPendingAuditSweep(now: () => Date = () => new Date()): void {
  startBackgroundTask("pending-audit-sweep", { intervalMs: SWEEP_EVERY_MS, runAtStart: true, failure: "the sweep of pending audit rows failed; it runs again in 5 minutes" }, async () => {
    const swept = await sweepPendingAudit(await db(), now());
    if (swept > 0) log().info({ swept }, "audit rows left pending by a stopped process marked as outcome unknown");
  });
}

import "server-only";
import { hostname } from "node:os";
import { lastRateLimit } from "@/lib/chat/rate-limit-store";
import { chat } from "@/lib/chat/service";
import { db } from "@/lib/db/client";
import type { Db } from "@/lib/db/open";
import { env } from "@/lib/env/server";
import { log } from "@/lib/log";
import { scorePriorities } from "@/lib/policies/server/priority-refresh";
import { runFlaggedSync, type FlaggedSyncRun } from "./flagged-sync";
import { keepQueueFast, refreshStatisticsWhenDue } from "./queue-upkeep";
import { createSyncLoop, type SyncLoop } from "./sync-loop";
import { advisoryLockLeadership, soleLeadership } from "./sync-leader";
import { readSyncRow, syncHealthOf } from "./sync-status";
import type { SyncHealth } from "@/lib/review/model/sync-status-schema";

/**
 * On globalThis: the instrumentation hook starts the sync, and the route bundles (/api/health,
 * tests' syncNow) reach it; each bundle has its own copy of this module.
 */
const globalForSync = globalThis as typeof globalThis & { __dashboardFlaggedSync?: SyncLoop<FlaggedSyncRun> };

/** Names this process in sync_state's `leader` (for operators; never shown by the public health route). */
const instanceId = () => `${hostname()}/${process.pid}`;

/**
 * One sync, then the priorities of what it brought (and of what waited meanwhile) scored: a new item
 * is never shown unscored for long. Scoring a backlog takes what is left of half the interval, so
 * the turn ends before the next is due and the list is read at the same pace under any load.
 */
async function syncOnce(db: Db, intervalMs: number): Promise<FlaggedSyncRun> {
  const started = performance.now();
  const run = await syncFlagged(db);
  const budgetMs = intervalMs / 2 - (performance.now() - started);
  // A failed scoring leaves the scores as they were (the next sync tries again); the sync itself went as it went.
  await scorePriorities(db, env().REVIEW_TARGET_HOURS, { budgetMs }).catch((error: unknown) => log().error({ err: error }, "the queue's priorities could not be scored"));
  return run;
}

function syncFlagged(db: Db): Promise<FlaggedSyncRun> {
  return runFlaggedSync({
    db,
    list: (request) => chat().listFlaggedMessages(request),
    rateLimit: lastRateLimit,
    instanceId: instanceId(),
    onStored: (written) => refreshStatisticsWhenDue(db, written),
  });
}

/**
 * Starts this process's background sync of the chat service's flagged list (at server start).
 * Every instance runs the loop; only the holder of the sync lock reads the service (PGlite: this
 * process alone), so page views never do. Stops, giving the lock up, when the process is told to.
 */
export function startFlaggedSync(): void {
  const intervalMs = env().chat.syncIntervalMs;
  if (globalForSync.__dashboardFlaggedSync || intervalMs === 0) return;
  const warn = (error: unknown, message: string) => log().warn({ err: error }, message);
  const databaseUrl = env().DATABASE_URL;
  const loop = createSyncLoop({
    // The same choice lib/db/client.ts makes: PostgreSQL when a URL is set, else PGlite in this process alone.
    leadership: databaseUrl ? advisoryLockLeadership(databaseUrl, warn) : soleLeadership,
    sync: async () => {
      const database = await db();
      const run = await syncOnce(database, intervalMs);
      if (!run.ok) log().warn({ code: run.code }, "the chat service's flagged list could not be read; the queue shows what it holds");
      await keepQueueFast(database);
      return run;
    },
    readState: async () => readSyncRow(await db()),
    intervalMs,
    onError: (error, message) => log().error({ err: error }, message),
  });
  globalForSync.__dashboardFlaggedSync = loop;
  loop.start();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void stopFlaggedSync().catch((error: unknown) => warn(error, "the sync did not stop cleanly; its lock ends with the process")));
  }
}

/** Stops this process's sync (at shutdown): waits for a sync under way, then gives the lock up. */
export async function stopFlaggedSync(): Promise<void> {
  const loop = globalForSync.__dashboardFlaggedSync;
  globalForSync.__dashboardFlaggedSync = undefined;
  await loop?.stop();
}

/**
 * One sync now, waited for: through the running loop when this process has one on `db` (so turns
 * never overlap; undefined when another instance leads), else directly (tests and the harness,
 * where nothing runs in the background). A failure of the chat service is in the outcome.
 */
export async function syncNow(on: Db): Promise<FlaggedSyncRun | undefined> {
  const running = globalForSync.__dashboardFlaggedSync;
  return running && on === (await db()) ? running.syncNow() : syncOnce(on, env().chat.syncIntervalMs);
}

/** The sync's state as this process last read it (no query: /api/health stays constant-cost); null before. */
export function syncHealth(nowMs = Date.now()): SyncHealth | null {
  const state = globalForSync.__dashboardFlaggedSync?.latestState();
  return state ? syncHealthOf(state, nowMs) : null;
}

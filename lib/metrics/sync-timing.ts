import "server-only";
import { db } from "@/lib/db/client";
import { readSyncStatus } from "@/lib/review/server/sync-status";

/** When the flagged list was last synced, and how long that took; null before the first success. */
export type SyncTiming = { lastSuccessAt: Date | null; lastDurationMs: number | null };

/**
 * The one place the sync gauges (sync_lag_seconds, sync_last_duration_seconds) read from: the
 * leader's record of its last sync, the same on every instance whichever one syncs.
 */
export async function readSyncTiming(): Promise<SyncTiming> {
  const status = await readSyncStatus(await db());
  return {
    lastSuccessAt: status?.lastSuccessAt == null ? null : new Date(status.lastSuccessAt * 1000),
    lastDurationMs: status?.lastSuccessAt == null ? null : status.lastDurationMs,
  };
}

import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { syncState, type SyncStateRow } from "@/lib/db/schema";
import { queueGeneration } from "@/lib/review/live/queue-changes";
import type { UpstreamStatus } from "@/lib/review/model/review-schemas";
import type { SyncHealth, SyncSummary } from "@/lib/review/model/sync-status-schema";
import { epochSeconds as seconds } from "@/lib/format/epoch-seconds";

/** The one synced list's row in sync_state. */
export const FLAGGED_SYNC_ID = "flagged_messages";

export async function readSyncRow(db: Db): Promise<SyncStateRow | undefined> {
  const [row] = await db.select().from(syncState).where(eq(syncState.id, FLAGGED_SYNC_ID));
  return row;
}

/**
 * The sync's state as the leader last stored it, with its lag (now − last success), or null
 * before any instance has synced. One primary-key read; the same on every instance.
 */
export async function readSyncStatus(db: Db, nowMs = Date.now()): Promise<SyncHealth | null> {
  const row = await readSyncRow(db);
  return row ? syncHealthOf(row, nowMs) : null;
}

export function syncHealthOf(row: SyncStateRow, nowMs: number): SyncHealth {
  const summary = syncSummaryOf(row);
  return { ...summary, lagSeconds: summary.lastSuccessAt === null ? null : Math.max(0, Math.floor(nowMs / 1000) - summary.lastSuccessAt) };
}

function syncSummaryOf(row: SyncStateRow): SyncSummary {
  return {
    lastSuccessAt: row.lastSuccessAt ? seconds(row.lastSuccessAt) : null,
    lastAttemptAt: seconds(row.lastAttemptAt),
    lastDurationMs: row.lastDurationMs,
    itemsSeen: row.itemsSeen,
    pages: row.pages,
    itemsWritten: row.itemsWritten,
    itemsSkipped: row.skipped.length,
    lastError: row.lastErrorAt && row.lastErrorCode ? { code: row.lastErrorCode, message: row.lastError ?? "", at: seconds(row.lastErrorAt) } : null,
  };
}

/** Failing: the last attempt ended in an error (a success after it clears the failure, not the record of it). */
function syncFailing(row: SyncStateRow): boolean {
  return row.lastErrorAt !== null && (row.lastSuccessAt === null || row.lastErrorAt >= row.lastSuccessAt);
}

/** The queue's `upstream` part: what the last sync gave, in the shape the status line reads. */
export function upstreamStatusOf(row: SyncStateRow | undefined, nowMs: number): UpstreamStatus {
  if (!row) {
    return {
      ok: false,
      code: "ERR_SYNC_PENDING",
      message: "The dashboard has not read the chat service's flagged list yet: its first sync is under way.",
      fetchedAt: Math.floor(nowMs / 1000),
    };
  }
  const sync = syncSummaryOf(row);
  if (syncFailing(row) || !row.lastSuccessAt) {
    return { ok: false, code: row.lastErrorCode ?? "ERR_SYNC_FAILED", message: row.lastError ?? "The last sync failed.", fetchedAt: sync.lastAttemptAt, sync };
  }
  return {
    ok: true,
    count: row.itemsSeen,
    limit: row.pageLimit,
    fetchedAt: seconds(row.lastSuccessAt),
    unreadable: row.unreadable,
    ...(row.skipped.length ? { skipped: row.skipped } : {}),
    moreMayBeWaiting: row.moreMayBeWaiting,
    ...(row.pageSizeRefused === null ? {} : { pageSizeRefused: row.pageSizeRefused }),
    sync,
  };
}

/**
 * What a queue's status line shows of the sync, without its times: when it changes (the service
 * starts or stops failing, fails otherwise, lists more or fewer items), open queues are told to
 * fetch again, since no queue row changed to tell them.
 */
export function shownSyncStatus(row: SyncStateRow | undefined): string {
  const status = upstreamStatusOf(row, 0);
  if (!status.ok) return JSON.stringify([status.code, status.message]);
  return JSON.stringify([status.count, status.limit, status.moreMayBeWaiting, status.pageSizeRefused, status.skipped, status.unreadable.map((u) => [u.id, u.problem])]);
}

/** How long a read of the sync's row is trusted: the time another instance's sync may take to show on the status line. */
export const SYNC_STATUS_MAX_AGE_MS = 1000;

/**
 * Bumped when this process stores the sync's state, so its own next queue read shows it at once
 * (other instances within SYNC_STATUS_MAX_AGE_MS). On globalThis: the sync runs in the
 * instrumentation hook's bundle, the queue's routes in theirs.
 */
const globalForSyncWrites = globalThis as typeof globalThis & { __dashboardSyncWrites?: WeakMap<Db, number> };
const syncWrites = (globalForSyncWrites.__dashboardSyncWrites ??= new WeakMap<Db, number>());

export function noteSyncStateWritten(db: Db): void {
  syncWrites.set(db, (syncWrites.get(db) ?? 0) + 1);
}

const changesSeen = (db: Db) => `${queueGeneration(db)}:${syncWrites.get(db) ?? 0}`;

type Shared = { at: number; generation: string; read?: Promise<UpstreamStatus>; rowKey?: string; status?: UpstreamStatus };
const sharedStatus = new WeakMap<Db, Shared>();

/**
 * The queue's upstream status for every poll within SYNC_STATUS_MAX_AGE_MS (or until this process
 * changes the queue), from one read, and the same object while the row is unchanged, so the
 * queue's response is serialized once per change (lib/review/server/read-queue.ts).
 */
export function upstreamStatusShared(db: Db, nowMs = Date.now()): Promise<UpstreamStatus> {
  const shared = sharedStatus.get(db) ?? { at: 0, generation: "" };
  sharedStatus.set(db, shared);
  const generation = changesSeen(db);
  if (shared.read && shared.generation === generation && nowMs - shared.at < SYNC_STATUS_MAX_AGE_MS) return shared.read;
  const read = readSyncRow(db).then((row) => {
    const rowKey = JSON.stringify(row ?? null);
    if (!row || rowKey !== shared.rowKey || !shared.status) shared.status = upstreamStatusOf(row, nowMs);
    shared.rowKey = rowKey;
    return shared.status;
  });
  Object.assign(shared, { at: nowMs, generation, read });
  // A failed read is not trusted: the next caller reads again (this one hears the failure).
  read.catch(() => shared.read === read && (shared.read = undefined));
  return read;
}

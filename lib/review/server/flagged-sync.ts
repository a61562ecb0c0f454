import "server-only";
import { ChatError } from "@/lib/chat/errors";
import { backgroundDelayMs, type RateLimitReading } from "@/lib/chat/rate-limit";
import type { Db } from "@/lib/db/open";
import { syncState } from "@/lib/db/schema";
import type { UnreadableItem } from "@/lib/chat/flagged-items";
import type { SyncStateRow } from "@/lib/db/schema";
import { readFlaggedPages, type ListFlaggedPage, type WalkPlan } from "./flagged-pages";
import { reportUnreadable } from "./report-sync-problems";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { FLAGGED_SYNC_ID, noteSyncStateWritten, readSyncRow, shownSyncStatus } from "./sync-status";
import { syncFlaggedMessages } from "./sync";

export type FlaggedSyncDeps = {
  db: Db;
  list: ListFlaggedPage;
  rateLimit: () => RateLimitReading | undefined;
  /** This process's sync id, stored as the row's leader. */
  instanceId: string;
  /** Called after each stored page with the rows it wrote: a first import is one sync of many pages, and the queue's upkeep cannot wait for its end. */
  onStored?: (written: number) => Promise<void>;
  now?: () => number;
};

const RATE_LIMITED = "ERR_UPSTREAM_RATE_LIMITED";

/**
 * A paged list's rolling page is read by one sync in this many. New flags come on the first page,
 * read by every sync; the rest of the list changes seldom (an edit, a flag withdrawn), and a page of
 * 1,000 messages (3.6 MB) took 45 ms of the syncing instance's event loop on a quiet core, 150 ms
 * with fifty moderators on it, the instance that also serves a third of their requests. At the 3 s
 * interval a round of 100 pages takes 15 minutes.
 */
export const ROLLING_EVERY = 3;
/** Syncs since this process last read a rolling page, per database (a new leader reads one at once). */
const syncsSinceRolling = new WeakMap<Db, number>();

export type FlaggedSyncRun =
  /** `itemsSeen`: items the list holds; `read`: items this sync read (the whole list, or one or two pages of a long one). */
  | { ok: true; itemsSeen: number; read: number; written: number; reopened: number; durationMs: number }
  | { ok: false; code: string; message: string; durationMs: number };

/**
 * One sync of the chat service's flagged list into the review queue (the leader's, see
 * sync-service.ts): reads the service's pages, storing each as it arrives (what is new or changed;
 * which tells every instance's open queues, markQueueChanged), and records how it went in
 * sync_state for every instance to show; when what the status line shows changes (the service
 * starts or stops failing), open queues are told too. A failure of the chat service is recorded,
 * not thrown; the database's own failures are thrown to the caller, which logs them.
 *
 * The first sync walks a list of many pages whole (the first import); every later one reads its
 * first page, where new flags come, and every ROLLING_EVERY-th one more page in turn
 * (lib/review/server/flagged-pages.ts), so a sync every few seconds costs one or two calls at 100,000
 * items and each page is read once per round. A list of one page, the real service's documented
 * case, is read whole each time.
 */
export async function runFlaggedSync(deps: FlaggedSyncDeps): Promise<FlaggedSyncRun> {
  const before = await readSyncRow(deps.db);
  const round = before?.walkNextPage ?? (before?.lastWholeAt ? 2 : undefined);
  const waited = syncsSinceRolling.get(deps.db);
  const plan: WalkPlan = round === undefined ? { kind: "whole" } : { kind: waited === undefined || waited + 1 >= ROLLING_EVERY ? "rolling" : "first", next: round };
  syncsSinceRolling.set(deps.db, plan.kind === "first" ? (waited ?? 0) + 1 : 0);
  const run = await syncAndRecord(deps, plan, before);
  if (shownSyncStatus(await readSyncRow(deps.db)) !== shownSyncStatus(before)) markQueueChanged(deps.db);
  return run;
}

const byId = (items: readonly UnreadableItem[]) => [...new Map(items.map((item) => [item.id ?? item.raw, item])).values()];

async function syncAndRecord(deps: FlaggedSyncDeps, plan: WalkPlan, before: SyncStateRow | undefined): Promise<FlaggedSyncRun> {
  const now = deps.now ?? Date.now;
  const startedAt = now();
  // Syncing is the dashboard's own traffic: near the end of the rate-limit budget it waits for the
  // refill, so staff's actions keep what is left.
  const waitMs = backgroundDelayMs(deps.rateLimit(), startedAt);
  if (waitMs > 0) {
    const until = new Date(startedAt + waitMs).toISOString().slice(11, 19);
    const message = `Paused until ${until} UTC: the chat service's rate limit is nearly used up, and what is left is kept for staff actions.`;
    return recordSyncFailure(deps, startedAt, now() - startedAt, RATE_LIMITED, message);
  }
  const stored = { written: 0, reopened: 0, skipped: [] as string[] };
  const store = async (items: Parameters<typeof syncFlaggedMessages>[1]) => {
    const page = await syncFlaggedMessages(deps.db, items, new Date(startedAt));
    stored.written += page.written;
    stored.reopened += page.reopened.length;
    stored.skipped.push(...page.skipped);
    await deps.onStored?.(page.written);
  };
  let pages;
  try {
    pages = await readFlaggedPages(deps.list, store, plan);
  } catch (error) {
    if (!(error instanceof ChatError)) throw error;
    return recordSyncFailure(deps, startedAt, now() - startedAt, error.code, error.message);
  }
  reportUnreadable(pages.unreadable);
  const durationMs = now() - startedAt;
  // Within a round of a rolling read, what earlier syncs of the round found stays on the status line.
  const sameRound = (plan.kind === "first" || (plan.kind === "rolling" && plan.next > 2)) && before !== undefined;
  const values = {
    leader: deps.instanceId,
    lastAttemptAt: new Date(startedAt),
    lastSuccessAt: new Date(startedAt),
    lastDurationMs: durationMs,
    itemsWritten: stored.written,
    itemsSeen: pages.listed,
    pages: pages.totalPages,
    pageLimit: pages.limit,
    lastPageCount: pages.lastCount,
    moreMayBeWaiting: pages.moreMayBeWaiting,
    pageSizeRefused: pages.pageSizeRefused,
    walkNextPage: pages.nextWalkPage,
    ...(pages.reachedEnd ? { lastWholeAt: new Date(startedAt) } : {}),
    unreadable: byId([...(sameRound ? before.unreadable : []), ...pages.unreadable]),
    skipped: [...new Set([...(sameRound ? before.skipped : []), ...stored.skipped])],
  };
  await deps.db
    .insert(syncState)
    .values({ id: FLAGGED_SYNC_ID, ...values })
    .onConflictDoUpdate({ target: syncState.id, set: values });
  noteSyncStateWritten(deps.db);
  return { ok: true, itemsSeen: pages.listed, read: pages.seen, written: stored.written, reopened: stored.reopened, durationMs };
}

/** Keeps the last success's figures: the queue still shows what it last received, with the failure beside it. */
async function recordSyncFailure(
  deps: Pick<FlaggedSyncDeps, "db" | "instanceId">,
  startedAt: number,
  durationMs: number,
  code: string,
  message: string,
): Promise<FlaggedSyncRun> {
  const failure = { leader: deps.instanceId, lastAttemptAt: new Date(startedAt), lastDurationMs: durationMs, lastErrorCode: code, lastError: message, lastErrorAt: new Date(startedAt) };
  await deps.db
    .insert(syncState)
    .values({ id: FLAGGED_SYNC_ID, ...failure })
    .onConflictDoUpdate({ target: syncState.id, set: failure });
  noteSyncStateWritten(deps.db);
  return { ok: false, code, message, durationMs };
}

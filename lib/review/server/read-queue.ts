import "server-only";
import type { Db } from "@/lib/db/open";
import { loadQueueItems } from "./load-queue";
import { countQueueTabs, readQueuePageIds } from "./queue-query";
import { queueTime, readThroughQueueCache } from "./queue-read-cache";
import { readQueueTotals } from "./queue-summary";
import { readSharedQueueWide } from "./shared-queue-wide";
import { filtersOnly, queueViewToSearch, type ListViewer, type QueueView } from "@/lib/review/model/queue-view";
import { QUEUE_PAGE_SIZE, type QueuePage, type QueueSummary } from "@/lib/review/model/review-schemas";
import { readSyncRow, upstreamStatusOf } from "./sync-status";

/**
 * The review queue's reads, from the database only: rendering the queue and its routes never call
 * the chat service nor write (the background sync does, lib/review/server/sync-service.ts). Answers go
 * through the stored queue's cache (lib/review/server/queue-read-cache.ts).
 */

/** What in the viewer changes an answer: "mine" filters read the id, and admins see escalated items first. */
const viewerKey = (view: QueueView, viewer: ListViewer) => `${viewer.admin ? "admin" : "moderator"}:${view.assignee === "me" ? viewer.id : ""}`;

export type QueuePageQuery = { view: QueueView; cursor?: string; limit: number };

export function readQueuePage(db: Db, query: QueuePageQuery, viewer: ListViewer, targetHours: number, nowMs = Date.now()): Promise<QueuePage> {
  const nowSeconds = queueTime(nowMs);
  const key = `page:${queueViewToSearch(query.view)}:${viewerKey(query.view, viewer)}:${query.cursor ?? ""}:${query.limit}:${nowSeconds}`;
  return readThroughQueueCache(db, key, async () => {
    const page = await readQueuePageIds(db, { view: query.view, viewer, cursor: query.cursor, limit: query.limit, nowSeconds, targetHours });
    return { ...(await loadQueueItems(db, page.ids)), next: page.next, ...(page.groups ? { groups: page.groups } : {}) };
  });
}

/**
 * The overview's charts and the filters' choices are served across changes for 20 times what
 * reading them took: over 20,000 items that read takes about half a second, so it takes about 5 % of
 * the time whatever the rate of decisions (lib/review/server/queue-read-cache.ts), and one instance
 * reads them for all on the same database (lib/review/server/shared-queue-wide.ts). At most a minute:
 * over 100,000 items with fifty moderators the read takes 1.5-3 s, and at 15 s the three instances'
 * reads were over a third of the database's work; the charts count a queue that size in thousands.
 * One answer serves every time step: the charts count whole days.
 */
export const QUEUE_WIDE_LASTING = { share: 0.05, maxMs: 60_000 } as const;

/**
 * The view's counts and the queue's totals (exact: read again after any change), the overview and
 * the filters' choices (the same for every view; see QUEUE_WIDE_LASTING), and how the sync last
 * went (read fresh: it changes every few seconds).
 */
export async function readQueueSummaryNow(db: Db, view: QueueView, viewer: ListViewer, targetHours: number, nowMs = Date.now()): Promise<QueueSummary> {
  const nowSeconds = queueTime(nowMs);
  const at = `${nowSeconds}:${targetHours}`;
  const [counts, totals, wide, syncRow] = await Promise.all([
    readThroughQueueCache(db, `tabs:${queueViewToSearch(filtersOnly(view))}:${viewerKey(view, viewer)}`, () => countQueueTabs(db, view, viewer), nowMs),
    readThroughQueueCache(db, `totals:${at}`, () => readQueueTotals(db, nowSeconds, targetHours), nowMs),
    readThroughQueueCache(db, "wide", () => readSharedQueueWide(db, nowSeconds, nowMs, QUEUE_WIDE_LASTING), nowMs, { lasting: QUEUE_WIDE_LASTING }),
    readSyncRow(db),
  ]);
  return { counts, ...totals, ...wide, upstream: upstreamStatusOf(syncRow, nowMs) };
}

/**
 * What the queue page renders first: the view's first page and summary, the time step they were
 * read for (hydration reads the same), and the moment they were read (the events stream says what
 * changed since).
 */
export async function readQueueForPage(db: Db, view: QueueView, viewer: ListViewer, targetHours: number, nowMs = Date.now()) {
  const [page, summary] = await Promise.all([readQueuePage(db, { view, limit: QUEUE_PAGE_SIZE }, viewer, targetHours, nowMs), readQueueSummaryNow(db, view, viewer, targetHours, nowMs)]);
  return { page, summary, renderedAt: queueTime(nowMs), readAt: nowMs };
}

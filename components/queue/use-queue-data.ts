"use client";
import { keepPreviousData, useInfiniteQuery, useIsMutating, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { LiveStatus } from "@/lib/queries/queue-live";
import { pollUntilRecovered } from "@/lib/queries/recovery";
import { REVIEW_REFRESH_MS, reviewMutationKey, reviewQueueListOptions, reviewQueueSummaryOptions, type QueueListPage } from "@/lib/queries/review";
import { denormalizeItem } from "@/lib/review/model/denormalize";
import type { QueueView } from "@/lib/review/model/queue-view";
import type { QueueItem, QueueSummary, SenderGroupSize } from "@/lib/review/model/review-schemas";

/** The loaded pages as one list: each page's items with its people and reasons spelled out, each item once. */
function flatten(pages: readonly QueueListPage[] | undefined): { items: QueueItem[]; groups: Map<string, SenderGroupSize> } {
  const items: QueueItem[] = [];
  const seen = new Set<string>();
  const groups = new Map<string, SenderGroupSize>();
  for (const page of pages ?? []) {
    for (const item of page.data) {
      // A change between two pages' reads can move an item across their boundary: it is shown once.
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(denormalizeItem(item, page.people, page.reasons, page.reporters));
    }
    for (const [uid, size] of Object.entries(page.groups ?? {})) groups.set(uid, size);
  }
  return { items, groups };
}

/**
 * The queue's data for a view: its list, loaded a page at a time as the moderator goes down it,
 * and its summary (counts over the whole queue, overview, filters, the sync's status). While a new
 * view loads the previous one stays on screen (`shownSearch` says which view the list is of).
 * Polls only while the live stream is down, and never while a change of this moderator's is in flight.
 */
export function useQueueData(view: QueueView, live: LiveStatus) {
  // A refresh answered while a change is in flight would briefly undo its optimistic update.
  const mutating = useIsMutating({ mutationKey: reviewMutationKey }) > 0;
  const polling = live === "live" || mutating ? false : REVIEW_REFRESH_MS;
  const list = useInfiniteQuery({ ...reviewQueueListOptions(view), placeholderData: keepPreviousData, refetchInterval: polling });
  const summary = useQuery({
    ...reviewQueueSummaryOptions(view),
    placeholderData: keepPreviousData,
    // A failing chat service is asked about again soon, stream or not: its failure is in the summary.
    refetchInterval: mutating ? false : pollUntilRecovered<QueueSummary>(polling, (data) => !data.upstream.ok),
  });
  const pages = list.data?.pages;
  const { items, groups } = useMemo(() => flatten(pages), [pages]);
  return { list, summary, items, groups, shownSearch: pages?.[0]?.search };
}

export type QueueData = ReturnType<typeof useQueueData>;

import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { z } from "zod";
import type { responses } from "@/lib/chat/schemas";
import { filtersOnly, queueViewToSearch, type QueueView } from "@/lib/review/model/queue-view";
import type {
  BulkReviewBody,
  QueuePage,
  QueueSummary,
  ReviewCommand,
  StoredItem,
  bulkReviewResponseSchema,
  deactivateSendersResponseSchema,
  itemResponseSchema,
  noteResponseSchema,
  undoResponseSchema,
} from "@/lib/review/model/review-schemas";
import { applyReviewCommand, type DecisionPolicy, type ReviewActor } from "@/lib/review/model/transitions";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** How often an open queue asks for news while its live stream is down; react-query skips it while the tab is hidden. */
export const REVIEW_REFRESH_MS = 15_000;

/** A page of a list, with the view it was read for (a list shown while the next view loads says which view it is). */
export type QueueListPage = QueuePage & { search: string };
export type QueueList = InfiniteData<QueueListPage, string | null>;

/** The queue API's address for a view (its URL query) and, past the first page, a cursor. */
function queuePath(path: string, search: string, cursor?: string | null): string {
  const params = new URLSearchParams(search);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** One view of the queue, a page at a time in the view's order (the server filters and sorts). */
export const reviewQueueListOptions = (view: QueueView) => {
  const search = queueViewToSearch(view);
  return infiniteQueryOptions({
    queryKey: queryKeys.review.list(search),
    queryFn: async ({ pageParam }): Promise<QueueListPage> => ({ ...(await apiFetch<QueuePage>(queuePath("/api/review/queue", search, pageParam))), search }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: QueueListPage) => last.next,
    refetchIntervalInBackground: false,
  });
};

/** The view's counts per tab, the queue's totals and overview, the filters' choices and the sync's status. */
export const reviewQueueSummaryOptions = (view: QueueView) => {
  const search = queueViewToSearch(filtersOnly(view));
  return queryOptions({
    queryKey: queryKeys.review.summary(search),
    queryFn: () => apiFetch<QueueSummary>(queuePath("/api/review/queue/summary", search)),
    refetchIntervalInBackground: false,
  });
};

/** Every review mutation shares this key, so the queue can hold its refresh while one is in flight. */
export const reviewMutationKey = queryKeys.review.all;

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const itemPath = (id: string) => `/api/review/items/${encodeURIComponent(id)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Every loaded list as it was before a change, for a rollback. */
type Snapshot = [QueryKey, QueueList | undefined][];

/** Changes every loaded list (after stopping refreshes in flight); returns them as they were. */
async function patchLists(queryClient: QueryClient, patch: (page: QueueListPage) => QueueListPage): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: queryKeys.review.lists() });
  const snapshot = queryClient.getQueriesData<QueueList>({ queryKey: queryKeys.review.lists() });
  queryClient.setQueriesData<QueueList>({ queryKey: queryKeys.review.lists() }, (old) => (old ? { ...old, pages: old.pages.map(patch) } : old));
  return snapshot;
}

function patchItems(queryClient: QueryClient, ids: ReadonlySet<string>, patch: (item: StoredItem) => StoredItem): Promise<Snapshot> {
  return patchLists(queryClient, (page) => ({ ...page, data: page.data.map((item) => (ids.has(item.id) ? patch(item) : item)) }));
}

function rollback(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

/**
 * Refreshes once the last review mutation has settled, so an earlier answer never undoes a later
 * optimistic change. Every review query, so the summary and the header's counts follow the queue.
 */
function refreshWhenIdle(queryClient: QueryClient) {
  if (queryClient.isMutating({ mutationKey: reviewMutationKey }) <= 1) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
    // A decision adds or takes away a strike.
    void queryClient.invalidateQueries({ queryKey: queryKeys.strikes.all });
  }
}

function optimisticCommand(item: StoredItem, command: ReviewCommand, me: ReviewActor, takeover = false, policy: DecisionPolicy | null = null): StoredItem {
  const outcome = applyReviewCommand(item, command, me, nowSeconds(), undefined, takeover, policy);
  return outcome.ok ? { ...item, ...outcome.next } : item;
}

function pendingNote(me: ReviewActor, body: string) {
  return { id: -Date.now(), authorId: me.id, authorName: me.name, body, createdAt: nowSeconds() };
}

/**
 * A review command on one item, sent with the version the moderator saw (a change made since is
 * refused with 409): shown at once, rolled back if the server refuses. `takeover`: the moderator
 * confirmed taking the item over from the colleague holding it. `policy`: the one a resolve is made under.
 */
export function useReviewCommand(me: ReviewActor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reviewMutationKey,
    mutationFn: ({ id, policy, ...body }: { id: string; action: ReviewCommand; note?: string; version: number; takeover?: boolean; policy?: DecisionPolicy }) =>
      apiFetch<z.infer<typeof itemResponseSchema>>(itemPath(id), post({ ...body, ...(policy ? { policyId: policy.id } : {}) })),
    onMutate: ({ id, action, note, takeover, policy }) =>
      patchItems(queryClient, new Set([id]), (item) => {
        const next = optimisticCommand(item, action, me, takeover, policy);
        return note ? { ...next, notes: [...next.notes, pendingNote(me, note)] } : next;
      }),
    onError: (_error, _vars, snapshot) => rollback(queryClient, snapshot),
    onSuccess: ({ data }) => void patchItems(queryClient, new Set([data.id]), () => data),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}

export function useAddNote(me: ReviewActor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reviewMutationKey,
    mutationFn: ({ id, body }: { id: string; body: string }) => apiFetch<z.infer<typeof noteResponseSchema>>(`${itemPath(id)}/notes`, post({ body })),
    onMutate: ({ id, body }) => patchItems(queryClient, new Set([id]), (item) => ({ ...item, notes: [...item.notes, pendingNote(me, body)] })),
    onError: (_error, _vars, snapshot) => rollback(queryClient, snapshot),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}

export function useBulkReview(me: ReviewActor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reviewMutationKey,
    // The server refuses (428) a bulk decision without the version of every item the moderator saw.
    mutationFn: (body: BulkReviewBody & { versions: Record<string, number> }) => apiFetch<z.infer<typeof bulkReviewResponseSchema>>("/api/review/bulk", post(body)),
    onMutate: ({ ids, action }) => patchItems(queryClient, new Set(ids), (item) => optimisticCommand(item, action, me)),
    onError: (_error, _vars, snapshot) => rollback(queryClient, snapshot),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}

/** Takes back one of the moderator's own review changes; the queue shows the restored state once refreshed. */
export function useUndoReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reviewMutationKey,
    mutationFn: (undoId: number) => apiFetch<z.infer<typeof undoResponseSchema>>(`/api/review/undo/${undoId}`, { method: "POST" }),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}

/**
 * Pins through the dashboard's pin route, with the version of the item the moderator saw. Not optimistic: the chat service may refuse (limit,
 * permission), and a pin cannot be taken back, so the item changes only once it is done.
 */
export function usePinMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reviewMutationKey,
    mutationFn: ({ id, onBehalfOf, version }: { id: string; onBehalfOf?: string; version: number }) =>
      apiFetch<z.infer<typeof responses.pinMessage>>(`/api/messages/${encodeURIComponent(id)}/pin`, {
        ...post({ version }),
        headers: onBehalfOf ? { onBehalfOf } : {},
      }),
    onSuccess: ({ data }, { id }) =>
      void patchItems(queryClient, new Set([id]), (item) => ({
        ...item,
        pinnedBy: data.pinnedBy ?? "app_system",
        pinnedAt: data.pinnedAt ?? nowSeconds(),
        actionTaken: "pinned",
      })),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}

/** Deactivates the senders of these items; every item of a deactivated user is marked at once. */
export function useDeactivateSenders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reviewMutationKey,
    mutationFn: (body: { ids: string[]; versions: Record<string, number>; policyId?: number }) =>
      apiFetch<z.infer<typeof deactivateSendersResponseSchema>>("/api/review/deactivate-senders", post(body)),
    onSuccess: ({ data }, { ids }) => {
      const done = new Set(data.outcomes.deactivated);
      const launchedFrom = new Set(ids);
      void patchLists(queryClient, (page) => ({
        ...page,
        people: Object.fromEntries(Object.entries(page.people).map(([uid, person]) => [uid, done.has(uid) ? { ...person, deactivated: true } : person])),
        data: page.data.map((item) => (launchedFrom.has(item.id) && done.has(item.senderUid) ? { ...item, actionTaken: "sender_deactivated" } : item)),
      }));
    },
    onSettled: () => refreshWhenIdle(queryClient),
  });
}

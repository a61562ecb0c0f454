import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { responses } from "@/lib/chat/schemas";
import type {
  BulkReviewBody,
  QueueResponse,
  ReviewCommand,
  StoredItem,
  bulkReviewResponseSchema,
  deactivateSendersResponseSchema,
  itemResponseSchema,
  noteResponseSchema,
  queueResponseSchema,
  undoResponseSchema,
} from "@/lib/review/review-schemas";
import { denormalizeQueue } from "@/lib/review/denormalize";
import { applyReviewCommand, type ReviewActor } from "@/lib/review/transitions";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** How often an open queue asks for news; react-query skips it while the tab is hidden. */
export const REVIEW_REFRESH_MS = 15_000;

export const reviewQueueOptions = () =>
  queryOptions({
    queryKey: queryKeys.review.queue(),
    queryFn: () => apiFetch<z.infer<typeof queueResponseSchema>>("/api/review/queue"),
    refetchInterval: REVIEW_REFRESH_MS,
    refetchIntervalInBackground: false,
    select: denormalizeQueue,
  });

/** Every review mutation shares this key, so the queue can hold its refresh while one is in flight. */
export const reviewMutationKey = queryKeys.review.all;

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const itemPath = (id: string) => `/api/review/items/${encodeURIComponent(id)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

type Snapshot = { previous: QueueResponse | undefined };

/** Changes the cached queue (after stopping a refresh in flight); returns the previous data for a rollback. */
async function patchQueue(queryClient: QueryClient, patch: (old: QueueResponse) => QueueResponse): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: queryKeys.review.queue() });
  const previous = queryClient.getQueryData<QueueResponse>(queryKeys.review.queue());
  queryClient.setQueryData<QueueResponse>(queryKeys.review.queue(), (old) => (old ? patch(old) : old));
  return { previous };
}

function patchItems(queryClient: QueryClient, ids: ReadonlySet<string>, patch: (item: StoredItem) => StoredItem): Promise<Snapshot> {
  return patchQueue(queryClient, (old) => ({ ...old, data: old.data.map((item) => (ids.has(item.id) ? patch(item) : item)) }));
}

function rollback(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  if (snapshot?.previous) queryClient.setQueryData(queryKeys.review.queue(), snapshot.previous);
}

/**
 * Refreshes once the last review mutation has settled, so an earlier answer never undoes a later
 * optimistic change. Every review query, so the header's counts follow the queue.
 */
function refreshWhenIdle(queryClient: QueryClient) {
  if (queryClient.isMutating({ mutationKey: reviewMutationKey }) <= 1) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
  }
}

function optimisticCommand(item: StoredItem, command: ReviewCommand, me: ReviewActor): StoredItem {
  const outcome = applyReviewCommand(item, command, me, nowSeconds());
  return outcome.ok ? { ...item, ...outcome.next } : item;
}

function pendingNote(me: ReviewActor, body: string) {
  return { id: -Date.now(), authorId: me.id, authorName: me.name, body, createdAt: nowSeconds() };
}

/**
 * A review command on one item, sent with the version the moderator saw (a change made since is
 * refused with 409): shown at once, rolled back if the server refuses.
 */
export function useReviewCommand(me: ReviewActor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reviewMutationKey,
    mutationFn: ({ id, action, note, version }: { id: string; action: ReviewCommand; note?: string; version: number }) =>
      apiFetch<z.infer<typeof itemResponseSchema>>(itemPath(id), post({ action, note, version })),
    onMutate: ({ id, action, note }) =>
      patchItems(queryClient, new Set([id]), (item) => {
        const next = optimisticCommand(item, action, me);
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
    mutationFn: (body: BulkReviewBody) => apiFetch<z.infer<typeof bulkReviewResponseSchema>>("/api/review/bulk", post(body)),
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
 * Pins through the dashboard's pin route. Not optimistic: the chat service may refuse (limit,
 * permission), and a pin cannot be taken back, so the item changes only once it is done.
 */
export function usePinMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reviewMutationKey,
    mutationFn: ({ id, onBehalfOf }: { id: string; onBehalfOf?: string }) =>
      apiFetch<z.infer<typeof responses.pinMessage>>(`/api/messages/${encodeURIComponent(id)}/pin`, {
        method: "POST",
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
    mutationFn: (ids: string[]) => apiFetch<z.infer<typeof deactivateSendersResponseSchema>>("/api/review/deactivate-senders", post({ ids })),
    onSuccess: ({ data }, ids) => {
      const done = new Set(data.deactivatedUids);
      const launchedFrom = new Set(ids);
      void patchQueue(queryClient, (old) => ({
        ...old,
        people: Object.fromEntries(Object.entries(old.people).map(([uid, person]) => [uid, done.has(uid) ? { ...person, deactivated: true } : person])),
        data: old.data.map((item) => (launchedFrom.has(item.id) && done.has(item.senderUid) ? { ...item, actionTaken: "sender_deactivated" } : item)),
      }));
    },
    onSettled: () => refreshWhenIdle(queryClient),
  });
}

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { encodeSegment } from "@/lib/chat/path";
import type { MuteResult, MutedReporter } from "@/lib/reporters/model/reporter-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

const mutePath = (uid: string) => `/api/review/reporters/${encodeSegment(uid)}/mute`;

/** Every muted reporter, the latest muted first. */
export const mutedReportersOptions = () =>
  queryOptions({
    queryKey: queryKeys.review.mutedReporters(),
    queryFn: async () => (await apiFetch<{ data: MutedReporter[] }>("/api/review/reporters")).data,
  });

/**
 * Muting and unmuting move items in and out of the open queue: the whole queue is read again. Not
 * awaited: the item the dialog was opened from may leave the list with that read, and the caller's
 * own callbacks (its toast) must run before its component goes.
 */
function useSettleQueue() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
}

export function useMuteReporter() {
  const settle = useSettleQueue();
  return useMutation({
    mutationFn: async ({ uid, note }: { uid: string; note?: string }) =>
      (await apiFetch<{ data: MuteResult }>(mutePath(uid), { method: "POST", body: JSON.stringify(note ? { note } : {}) })).data,
    onSettled: settle,
  });
}

export function useUnmuteReporter() {
  const settle = useSettleQueue();
  return useMutation({
    mutationFn: async (uid: string) => (await apiFetch<{ data: MuteResult }>(mutePath(uid), { method: "DELETE" })).data,
    onSettled: settle,
  });
}

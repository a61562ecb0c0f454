import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateSavedViewBody, UpdateSavedViewBody, savedViewListResponseSchema, savedViewResponseSchema } from "@/lib/review/model/saved-view-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** My saved queue views and the team's: another moderator's new shared view shows within a minute. */
export const savedViewsOptions = () =>
  queryOptions({
    queryKey: queryKeys.savedViews.list(),
    queryFn: () => apiFetch<z.infer<typeof savedViewListResponseSchema>>("/api/review/views"),
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });

/** How many items each saved view shows, counted over the whole queue on the server. */
export const savedViewCountsOptions = () =>
  queryOptions({
    queryKey: queryKeys.review.viewCounts(),
    queryFn: async () => (await apiFetch<{ data: Record<string, number> }>("/api/review/views/counts")).data,
    refetchIntervalInBackground: false,
  });

type OneView = z.infer<typeof savedViewResponseSchema>;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
const viewPath = (id: number) => `/api/review/views/${id}`;

function useSettleViews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.savedViews.list() }), queryClient.invalidateQueries({ queryKey: queryKeys.review.viewCounts() })]);
}

export function useCreateSavedView() {
  const settle = useSettleViews();
  return useMutation({ mutationFn: (body: CreateSavedViewBody) => apiFetch<OneView>("/api/review/views", json("POST", body)), onSettled: settle });
}

export function useUpdateSavedView() {
  const settle = useSettleViews();
  return useMutation({ mutationFn: ({ id, ...body }: UpdateSavedViewBody & { id: number }) => apiFetch<OneView>(viewPath(id), json("PATCH", body)), onSettled: settle });
}

export function useDeleteSavedView() {
  const settle = useSettleViews();
  return useMutation({ mutationFn: (id: number) => apiFetch<{ data: { id: number } }>(viewPath(id), { method: "DELETE" }), onSettled: settle });
}

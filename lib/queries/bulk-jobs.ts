import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkJob } from "@/lib/review/model/review-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** How often a running bulk decision's progress is asked for. */
const PROGRESS_POLL_MS = 1_000;

const jobPath = (id: number) => `/api/review/bulk-jobs/${id}`;

/** A bulk decision's progress, asked for every second while it runs. */
export const bulkJobOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.review.bulkJob(id),
    queryFn: async () => (await apiFetch<{ data: BulkJob }>(jobPath(id))).data,
    refetchInterval: (query) => (query.state.data?.state === "running" ? PROGRESS_POLL_MS : false),
  });

/** Starts deciding every open item of a view (its URL query) on the server. */
export function useStartBulkJob() {
  return useMutation({
    mutationFn: async (body: { action: "resolve" | "dismiss"; view: string; note?: string; policyId?: number }) =>
      (await apiFetch<{ data: BulkJob }>("/api/review/bulk-jobs", { method: "POST", body: JSON.stringify(body) })).data,
  });
}

/** Stops a bulk decision after its current batch. */
export function useCancelBulkJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiFetch<{ data: BulkJob }>(jobPath(id), { method: "DELETE" })).data,
    onSuccess: (job) => queryClient.setQueryData(queryKeys.review.bulkJob(job.id), job),
  });
}

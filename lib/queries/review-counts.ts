import { queryOptions } from "@tanstack/react-query";
import type { ReviewCounts } from "@/lib/review/model/review-counts-schema";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** The header's counts change slowly; react-query skips the poll while the tab is hidden. */
export const REVIEW_COUNTS_REFRESH_MS = 30_000;

export const reviewCountsOptions = () =>
  queryOptions({
    queryKey: queryKeys.review.counts(),
    queryFn: async () => (await apiFetch<{ data: ReviewCounts }>("/api/review/counts")).data,
    refetchInterval: REVIEW_COUNTS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { DisputesResponse, NextSampleResponse, RulingBody, RulingResult, SecondReviewBody, SecondReviewResult } from "@/lib/quality/model/quality-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/**
 * The sample this staff member reviews next, blind, and how many wait for them. Not refetched when
 * the window regains focus: another sample replacing the one being decided would drop the choice
 * made so far (a sample gone meanwhile is refused with a 409, and the next one is then read).
 */
export const nextSampleOptions = () =>
  queryOptions({
    queryKey: queryKeys.quality.next(),
    queryFn: () => apiFetch<NextSampleResponse>("/api/quality/reviews/next"),
    refetchOnWindowFocus: false,
  });

/** The disagreements waiting for an admin's ruling, and the latest ruled (admins). */
export const disputesOptions = () => queryOptions({ queryKey: queryKeys.quality.disputes(), queryFn: () => apiFetch<DisputesResponse>("/api/quality/disputes") });

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

/**
 * A second review or a ruling changes the samples waiting, the disputes and the health page's
 * agreement figures. Not awaited: the caller's own callbacks (keeping the decided sample on screen
 * with its result) must run before the next sample's read replaces it in the cache.
 */
function useSettleQuality(alsoQueue: boolean) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.quality.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.queueHealth.all });
    if (alsoQueue) void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
  };
}

export function useSecondReview() {
  const settle = useSettleQuality(false);
  return useMutation({
    mutationFn: async ({ sampleId, ...body }: SecondReviewBody & { sampleId: number }) =>
      (await apiFetch<{ data: SecondReviewResult }>(`/api/quality/reviews/${sampleId}`, post(body))).data,
    onSettled: settle,
  });
}

/** A ruling that differs from the item's decision replaces it: the queue reads again too. */
export function useRuling() {
  const settle = useSettleQuality(true);
  return useMutation({
    mutationFn: async ({ sampleId, ...body }: RulingBody & { sampleId: number }) =>
      (await apiFetch<{ data: RulingResult }>(`/api/quality/disputes/${sampleId}`, post(body))).data,
    onSettled: settle,
  });
}

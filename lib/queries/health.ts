import { queryOptions } from "@tanstack/react-query";
import type { Health } from "@/lib/health/health-schema";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** No faster than the server checks, and no slower than 15 s, since real calls report in between. */
export const healthPollMs = (checkMs: number) => Math.min(checkMs, 15_000);

/** The dashboard's health as the header's warning reads it (cheap: the server answers from memory). */
export const healthOptions = (pollMs: number) =>
  queryOptions({
    queryKey: queryKeys.health.status(),
    queryFn: () => apiFetch<Health>("/api/health"),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
  });

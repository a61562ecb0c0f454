import { queryOptions } from "@tanstack/react-query";
import type { HealthTable } from "@/lib/queue-health/model/health-span";
import type { QueueHealth } from "@/lib/queue-health/model/queue-health-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** The queue's health over the last `days` UTC days: the server filters the per-staff rows by role. */
export const queueHealthOptions = (days: number) =>
  queryOptions({
    queryKey: queryKeys.queueHealth.summary(days),
    queryFn: () => apiFetch<{ data: QueueHealth }>(`/api/oversight/health?days=${days}`),
    staleTime: 30_000,
  });

/** One of the page's tables as a CSV download, with what the page shows. */
export const queueHealthCsvHref = (table: HealthTable, days: number) => `/api/oversight/health/export?table=${table}&days=${days}`;

import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { auditFilterHref, type AuditFilter } from "@/lib/admin/audit-filter-url";
import type { auditPageSchema, auditStatsSchema } from "@/lib/admin/audit-filters";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

export const AUDIT_PAGE_SIZE = 50;

/** The filtered log, page after page by the server's keyset cursor ("older entries"). */
export const auditLogOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.audit.list(filter),
    queryFn: ({ pageParam }) =>
      apiFetch<z.infer<typeof auditPageSchema>>(auditFilterHref(`/api/audit?limit=${AUDIT_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`, filter)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
  });

export const auditStatsOptions = (filter: AuditFilter) =>
  queryOptions({ queryKey: queryKeys.audit.stats(filter), queryFn: () => apiFetch<z.infer<typeof auditStatsSchema>>(auditFilterHref("/api/audit/stats", filter)) });

/** The export link: the same filter, streamed by the server as a CSV download. */
export const auditExportHref = (filter: AuditFilter) => auditFilterHref("/api/audit/export", filter);

"use client";
import { useQuery } from "@tanstack/react-query";
import type { AuditFilter } from "@/lib/admin/audit-filter-url";
import { auditStatsOptions } from "@/lib/queries/audit";
import { ErrorState } from "@/components/ui/error-state";
import { lazyPart } from "@/components/ui/lazy-part";
import { AuditChartSkeleton } from "./audit-log-skeleton";

// Loaded on demand: the chart's code ships with this panel, never in the first JS of other pages.
const AuditChart = lazyPart(() => import("./audit-chart").then((mod) => mod.AuditChart), { browserOnly: true, fallback: <AuditChartSkeleton /> });

/** Actions per day for the current filter (its date range, or the last two weeks). */
export function AuditActivity({ filter }: { filter: AuditFilter }) {
  const stats = useQuery(auditStatsOptions(filter));
  return (
    <section aria-labelledby="audit-activity-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="audit-activity-heading" className="font-semibold">
        Actions per day
      </h2>
      {stats.isPending ? (
        <AuditChartSkeleton />
      ) : stats.isError ? (
        <ErrorState title="The chart could not be loaded." error={stats.error} onRetry={() => stats.refetch()} />
      ) : (
        <AuditChart stats={stats.data.data} />
      )}
    </section>
  );
}

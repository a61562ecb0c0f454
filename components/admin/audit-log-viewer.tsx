"use client";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { auditFilterHref, auditFilterOf, auditFilterParams, auditFilterValues, type AuditFilter } from "@/lib/admin/audit-filter-url";
import { auditExportHref, auditLogOptions } from "@/lib/queries/audit";
import { staffListOptions } from "@/lib/queries/staff";
import { ErrorState } from "@/components/ui/error-state";
import { AuditActivity } from "./audit-activity";
import { AuditFilterForm } from "./audit-filter-form";
import { AuditTableSkeleton } from "./audit-log-skeleton";
import { AuditTable } from "./audit-table";

/**
 * The audit log: filter (in the URL, each applied filter a history entry so Back returns to the
 * last one), export of the same filter, the activity chart, and the entries newest first.
 */
export function AuditLogViewer() {
  const [values, setValues] = useQueryStates(auditFilterParams, { history: "push" });
  const filter = auditFilterOf(values);
  const filterQuery = auditFilterHref("", filter);
  const log = useInfiniteQuery(auditLogOptions(filter));
  const staff = useQuery(staffListOptions());
  const apply = (next: AuditFilter) => void setValues(auditFilterValues(next));
  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = filterQuery !== "";

  return (
    <section aria-labelledby="audit-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="audit-heading" className="text-2xl font-semibold">
            Audit log
          </h1>
          <p className="mt-1 text-sm text-slate-600">Who did what, newest first. Each action is recorded before it runs.</p>
        </div>
        <a
          href={auditExportHref(filter)}
          download
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          Export CSV{filtered ? " (this filter)" : ""}
        </a>
      </div>
      <AuditFilterForm key={filterQuery} filter={filter} staff={staff.data?.data ?? []} onApply={apply} />
      <AuditActivity filter={filter} />
      <section aria-labelledby="audit-entries-heading" className="space-y-3">
        <h2 id="audit-entries-heading" className="font-semibold">
          Entries
        </h2>
        {log.isPending ? (
          <AuditTableSkeleton />
        ) : !log.data ? (
          <ErrorState title="The audit log could not be loaded." error={log.error} onRetry={() => log.refetch()} />
        ) : entries.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            {filtered ? "No entry matches these filters." : "Nothing has been recorded yet."}
          </p>
        ) : (
          <>
            <AuditTable entries={entries} />
            <div className="flex items-center gap-3 text-sm">
              <p aria-live="polite">
                {entries.length} {entries.length === 1 ? "entry" : "entries"} shown{log.hasNextPage ? "; older ones follow" : ", the oldest included"}.
              </p>
              {log.hasNextPage && (
                <button
                  type="button"
                  onClick={() => log.fetchNextPage()}
                  disabled={log.isFetchingNextPage}
                  className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50 disabled:opacity-60"
                >
                  {log.isFetchingNextPage ? "Loading…" : "Show older entries"}
                </button>
              )}
            </div>
            {log.isFetchNextPageError && <ErrorState title="Older entries could not be loaded." error={log.error} onRetry={() => log.fetchNextPage()} />}
          </>
        )}
      </section>
    </section>
  );
}

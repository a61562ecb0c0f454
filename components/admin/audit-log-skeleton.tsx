import { TableSkeleton } from "@/components/ui/table-skeleton";

/** Placeholders shaped like the audit page while it loads. */
export function AuditTableSkeleton() {
  return <TableSkeleton rows={8} columns="grid-cols-[10rem_1fr_8rem_1fr_5rem_4rem]" cells={["rounded", "rounded", "rounded", "rounded", "rounded-full", "rounded"]} />;
}

export function AuditChartSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-40 animate-pulse items-end gap-1 rounded-lg border border-slate-200 bg-white p-4">
      {[30, 55, 20, 70, 45, 80, 35, 60, 25, 50, 40, 65, 30, 75].map((height, i) => (
        <div key={i} className="flex-1 rounded-t bg-slate-100" style={{ height: `${height}%` }} />
      ))}
    </div>
  );
}

export function AuditLogPageSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the audit log" className="space-y-6">
      <div className="h-8 w-40 animate-pulse rounded bg-slate-200" />
      <div className="h-40 animate-pulse rounded-lg bg-slate-100" />
      <AuditChartSkeleton />
      <AuditTableSkeleton />
    </div>
  );
}

import { TableSkeleton } from "@/components/ui/table-skeleton";

/** Placeholders shaped like the keys page while it loads. */
export function ApiKeySummarySkeleton() {
  return (
    <div aria-hidden="true" className="grid animate-pulse gap-3 sm:grid-cols-2">
      <div className="h-20 rounded-lg bg-slate-100" />
      <div className="h-20 rounded-lg bg-slate-100" />
    </div>
  );
}

export function ApiKeyTableSkeleton() {
  return <TableSkeleton heading rows={6} columns="grid-cols-[2fr_1fr_1fr_2fr_1fr]" cells={["rounded", "w-20 rounded-full", "rounded", "rounded", "rounded"]} />;
}

export function ApiKeysPageSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading API keys" className="space-y-6">
      <div className="h-8 w-40 animate-pulse rounded bg-slate-200" />
      <ApiKeySummarySkeleton />
      <div className="h-16 animate-pulse rounded-lg bg-slate-100" />
      <ApiKeyTableSkeleton />
    </div>
  );
}

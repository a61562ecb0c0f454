import { TableSkeleton } from "@/components/ui/table-skeleton";

export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading staff" className="space-y-6">
      <div className="h-8 w-24 animate-pulse rounded bg-slate-200" />
      <div className="h-32 animate-pulse rounded-lg bg-slate-100" />
      <TableSkeleton heading rows={4} columns="grid-cols-[2fr_1fr_1fr_1fr_1fr_1fr]" cells={["rounded", "rounded", "rounded", "rounded", "w-16 rounded-full", "rounded"]} />
    </div>
  );
}

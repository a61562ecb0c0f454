/** Shaped like the health page: the figures, then the charts. */
export function QueueHealthSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the queue's health" className="space-y-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="h-20 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-72 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

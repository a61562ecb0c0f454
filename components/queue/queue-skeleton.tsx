/** The queue while it loads: the overview cards, the toolbar and a few rows, in their real places. */
export function QueueSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the review queue" className="animate-pulse space-y-3">
      <div className="h-8 w-56 rounded bg-slate-200" />
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-36 rounded-lg border border-slate-200 bg-white p-3">
            <div className="h-3 w-32 rounded bg-slate-200" />
            <div className="mt-3 space-y-2">
              <div className="h-3 rounded bg-slate-100" />
              <div className="h-3 rounded bg-slate-100" />
              <div className="h-3 w-2/3 rounded bg-slate-100" />
            </div>
          </div>
        ))}
      </div>
      <div className="h-40 rounded-lg border border-slate-200 bg-white" />
      <div className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="flex gap-3 p-4">
            <div className="h-4 w-4 rounded bg-slate-200" />
            <div className="h-8 w-8 rounded-full bg-slate-200" />
            <div className="flex-1 space-y-2">
              <div className="h-3 w-48 rounded bg-slate-200" />
              <div className="h-3 rounded bg-slate-100" />
              <div className="h-3 w-1/2 rounded bg-slate-100" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

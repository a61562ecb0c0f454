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
  return (
    <div aria-hidden="true" className="animate-pulse space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="h-4 w-2/3 rounded bg-slate-200" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="grid grid-cols-[2fr_1fr_1fr_2fr_1fr] gap-4">
          <div className="h-5 rounded bg-slate-100" />
          <div className="h-5 w-20 rounded-full bg-slate-100" />
          <div className="h-5 rounded bg-slate-100" />
          <div className="h-5 rounded bg-slate-100" />
          <div className="h-5 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
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

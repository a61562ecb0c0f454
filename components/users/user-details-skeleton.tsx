/** The user page's shape while it loads: profile, actions, then the two context lists. */
export function UserDetailsSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the user" className="animate-pulse space-y-6">
      <div className="flex items-center gap-4">
        <div className="h-16 w-16 rounded-full bg-slate-200" />
        <div className="space-y-2">
          <div className="h-7 w-56 rounded bg-slate-200" />
          <div className="h-4 w-40 rounded bg-slate-100" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="h-48 rounded-lg bg-slate-100" />
        <div className="h-48 rounded-lg bg-slate-100" />
      </div>
      <div className="h-40 rounded-lg bg-slate-100" />
    </div>
  );
}

export function RecentUsersSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading recently viewed users" className="animate-pulse divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex justify-between px-4 py-3">
          <span className="h-4 w-48 rounded bg-slate-200" />
          <span className="h-3 w-20 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}

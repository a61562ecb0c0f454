export default function Loading() {
  return (
    <div role="status" aria-label="Loading" className="animate-pulse space-y-6">
      <div className="h-8 w-72 rounded bg-slate-200" />
      <div className="h-64 rounded-lg bg-slate-100" />
    </div>
  );
}

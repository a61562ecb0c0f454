export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading your account" className="max-w-2xl animate-pulse space-y-6">
      <div className="space-y-2">
        <div className="h-8 w-48 rounded bg-slate-200" />
        <div className="h-4 w-72 rounded bg-slate-100" />
      </div>
      <div className="h-48 rounded-lg border border-slate-200 bg-white" />
    </div>
  );
}

export function ModerationContextSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the moderation history" className="grid animate-pulse gap-6 lg:grid-cols-2">
      <div className="h-48 rounded-lg bg-slate-100" />
      <div className="h-48 rounded-lg bg-slate-100" />
    </div>
  );
}

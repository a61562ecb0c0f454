/** A page's loading state: its title's place, then a block per section at about its height (so nothing jumps when it arrives). */
export function PageSkeleton({ label, blocks }: { label: string; blocks: readonly string[] }) {
  return (
    <div aria-busy="true" aria-label={label} className="space-y-6">
      <div className="h-8 w-48 animate-pulse rounded bg-slate-200" />
      {blocks.map((height, index) => (
        <div key={index} className={`${height} animate-pulse rounded-lg bg-slate-100`} />
      ))}
    </div>
  );
}

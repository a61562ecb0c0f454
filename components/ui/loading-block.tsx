/**
 * A block that stands where something loads: a status region named for what it waits for, and
 * busy, so the page's ready marker (ready-marker.tsx) waits for it. Its size and look are the
 * caller's, to match what replaces it.
 */
export function LoadingBlock({ label, className, inline = false }: { label: string; className: string; inline?: boolean }) {
  const Tag = inline ? "span" : "div";
  return <Tag role="status" aria-busy="true" aria-label={label} className={className} />;
}

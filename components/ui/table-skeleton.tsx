/**
 * Placeholder rows shaped like a table while it loads: one class list per cell, in a grid with the
 * table's column template, so each page's skeleton matches its own columns.
 */
export function TableSkeleton({ columns, cells, rows, heading = false }: { columns: string; cells: string[]; rows: number; heading?: boolean }) {
  return (
    <div aria-hidden="true" className="animate-pulse space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      {heading && <div className="h-4 w-2/3 rounded bg-slate-200" />}
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className={`grid gap-4 ${columns}`}>
          {cells.map((cell, i) => (
            <div key={i} className={`h-5 bg-slate-100 ${cell}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

"use client";
import type { ChartCanvasProps } from "@/components/ui/chart-canvas";
import { lazyPart } from "@/components/ui/lazy-part";
import { LoadingBlock } from "@/components/ui/loading-block";
import { NumbersTable, type NumbersTableProps } from "@/components/ui/numbers-table";

// Chart.js loads with the first chart drawn, never with the page's first JavaScript.
const ChartCanvas = lazyPart(() => import("@/components/ui/chart-canvas").then((mod) => mod.ChartCanvas), {
  browserOnly: true,
  fallback: <LoadingBlock label="Loading the chart" className="h-56 w-full animate-pulse rounded bg-slate-100" />,
});

type Props = { id: string; heading: string; note?: string; chart: ChartCanvasProps; table: NumbersTableProps; csvHref: string };

/** One of the health page's charts: its heading, the picture, its numbers as a table and as CSV. */
export function HealthChartFigure({ id, heading, note, chart, table, csvHref }: Props) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-semibold">
          {heading}
        </h2>
        <a href={csvHref} download className="inline-block py-0.5 text-sm text-indigo-700 underline">
          Download CSV<span className="sr-only"> of {heading.toLowerCase()}</span>
        </a>
      </div>
      {note && <p className="text-xs text-slate-600">{note}</p>}
      <ChartCanvas {...chart} />
      <NumbersTable {...table} />
    </section>
  );
}

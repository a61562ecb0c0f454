"use client";
import { useEffect, useRef } from "react";
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartConfiguration } from "chart.js";

// Only the parts drawn here, so the chunk carries no other chart type.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export type ChartSeries = { label: string; values: (number | null)[]; color: string; dashed?: boolean };

export type ChartCanvasProps = {
  /** The chart's accessible name: what it shows, in one sentence (its numbers are in a table beside it). */
  title: string;
  type: "bar" | "line";
  labels: string[];
  series: ChartSeries[];
  stacked?: boolean;
  /** Bars run left to right, one row per label (names read better than under a narrow column). */
  horizontal?: boolean;
  /** The value axis ends here (100 for shares). */
  max?: number;
  unit?: string;
  legend?: boolean;
  /** CSS pixels; the width follows the container. */
  height?: number;
};

function configOf({ type, labels, series, stacked = false, horizontal = false, max, unit = "", legend = series.length > 1 }: ChartCanvasProps): ChartConfiguration<"bar" | "line"> {
  const valueAxis = { beginAtZero: true, max, stacked, ticks: { precision: unit ? undefined : 0, callback: (value: string | number) => `${value}${unit}` } };
  return {
    type,
    data: {
      labels,
      datasets: series.map((s) => ({
        label: s.label,
        data: s.values,
        backgroundColor: s.color,
        borderColor: s.color,
        borderDash: s.dashed ? [6, 4] : undefined,
        pointRadius: type === "line" && labels.length > 31 ? 0 : 2,
        spanGaps: true,
      })),
    },
    options: {
      indexAxis: horizontal ? "y" : "x",
      // Drawn at once: nothing moves for people who asked for less motion, and tests see the final chart.
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: { legend: { display: legend, position: "bottom", labels: { boxWidth: 12 } }, tooltip: { enabled: true } },
      scales: horizontal ? { x: valueAxis, y: { stacked } } : { x: { stacked, ticks: { maxRotation: 0, autoSkip: true } }, y: valueAxis },
    },
  };
}

/**
 * A chart drawn by Chart.js on a canvas named by `title`. Import it lazily (components/ui/lazy-part.tsx):
 * the library is the largest part of a chart's code, and no page should load it first.
 */
export function ChartCanvas(props: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The chart is drawn again only when what it shows changes, not on every render of its parent.
  const drawn = JSON.stringify(props);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, configOf(JSON.parse(drawn) as ChartCanvasProps));
    return () => chart.destroy();
  }, [drawn]);
  return (
    <div className="relative w-full" style={{ height: props.height ?? 220 }}>
      <canvas ref={canvas} role="img" aria-label={props.title}>
        {props.title}
      </canvas>
    </div>
  );
}

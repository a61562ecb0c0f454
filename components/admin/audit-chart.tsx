import { useId } from "react";
import type { AuditStats } from "@/lib/admin/audit-filters";
import { TableScroll } from "@/components/ui/table-scroll";

/** Actions grouped by what they act on; one colour each (the legend and the table name them too). */
const CATEGORIES = [
  { key: "message", label: "Messages", color: "#4f46e5" },
  { key: "user", label: "Users", color: "#dc2626" },
  { key: "review", label: "Review", color: "#059669" },
  { key: "staff", label: "Staff", color: "#b45309" },
  { key: "auth", label: "Sign-in", color: "#0369a1" },
  { key: "apikey", label: "API keys", color: "#a21caf" },
  { key: "audit", label: "Audit", color: "#475569" },
  { key: "other", label: "Other", color: "#64748b" },
] as const;
type Category = (typeof CATEGORIES)[number]["key"];

function categoryOf(action: string): Category {
  const head = action.split(".")[0] === "users" ? "user" : action.split(".")[0];
  return CATEGORIES.find((category) => category.key === head)?.key ?? "other";
}

type Day = { day: string; total: number; byCategory: Record<Category, number> };

function groupDays(days: AuditStats["data"]["days"]): Day[] {
  return days.map(({ day, counts }) => {
    const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c.key, 0])) as Record<Category, number>;
    for (const [action, count] of Object.entries(counts)) byCategory[categoryOf(action)] += count;
    return { day, total: Object.values(counts).reduce((a, b) => a + b, 0), byCategory };
  });
}

/** Each category's slice of a day's bar, bottom to top. */
function stack(day: Day) {
  const segments: { key: Category; color: string; start: number; end: number }[] = [];
  for (const category of CATEGORIES) {
    const count = day.byCategory[category.key];
    const start = segments[segments.length - 1]?.end ?? 0;
    if (count > 0) segments.push({ key: category.key, color: category.color, start, end: start + count });
  }
  return segments;
}

const W = 640;
const H = 200;
const M = { top: 10, right: 8, bottom: 24, left: 36 };

/** A stacked bar per UTC day, drawn by hand in SVG: one small chart does not justify a charting library. */
export function AuditChart({ stats }: { stats: AuditStats["data"] }) {
  const titleId = useId();
  const days = groupDays(stats.days);
  const total = days.reduce((sum, day) => sum + day.total, 0);
  const max = Math.max(1, ...days.map((day) => day.total));
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(2, slot * 0.7);
  const y = (value: number) => M.top + plotH - (value / max) * plotH;
  const labelEvery = Math.ceil(days.length / 7);
  const present = CATEGORIES.filter((category) => days.some((day) => day.byCategory[category.key] > 0));

  return (
    <figure className="space-y-3">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-3xl" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{`${total} actions from ${stats.from} to ${stats.to}, by day and type`}</title>
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={M.left} x2={W - M.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            <text x={M.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {Number.isInteger(tick) ? tick : tick.toFixed(1)}
            </text>
          </g>
        ))}
        {days.map((day, i) => {
          const x = M.left + i * slot + (slot - barW) / 2;
          return (
            <g key={day.day}>
              <title>{`${day.day}: ${day.total} (${present.map((c) => `${c.label} ${day.byCategory[c.key]}`).join(", ")})`}</title>
              {stack(day).map((segment) => (
                <rect key={segment.key} x={x} y={y(segment.end)} width={barW} height={y(segment.start) - y(segment.end)} fill={segment.color} />
              ))}
              {i % labelEvery === 0 && (
                <text x={x + barW / 2} y={H - 6} textAnchor="middle" fontSize="11" fill="#475569">
                  {day.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          {present.map((category) => (
            <li key={category.key} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ backgroundColor: category.color }} />
              {category.label}
            </li>
          ))}
          {present.length === 0 && <li>No actions in this range.</li>}
        </ul>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-indigo-700 underline">Show the numbers</summary>
        <div className="mt-2">
          <TableScroll label="Actions per day by type">
            <table className="min-w-full text-xs">
              <caption className="sr-only">Actions per day by type</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className="px-2 py-1">Day (UTC)</th>
                  {present.map((category) => (
                    <th key={category.key} scope="col" className="px-2 py-1">
                      {category.label}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-1">Total</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.day}>
                    <th scope="row" className="px-2 py-1 text-left font-normal">
                      {day.day}
                    </th>
                    {present.map((category) => (
                      <td key={category.key} className="px-2 py-1">
                        {day.byCategory[category.key]}
                      </td>
                    ))}
                    <td className="px-2 py-1">{day.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      </details>
    </figure>
  );
}

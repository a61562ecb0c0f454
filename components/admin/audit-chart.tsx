import type { AuditStats } from "@/lib/admin/audit-filters";
import { ChartCanvas } from "@/components/ui/chart-canvas";
import { NumbersTable } from "@/components/ui/numbers-table";

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

/** A stacked bar per UTC day, drawn by Chart.js (loaded with this chart only), its numbers in a table below. */
export function AuditChart({ stats }: { stats: AuditStats["data"] }) {
  const days = groupDays(stats.days);
  const total = days.reduce((sum, day) => sum + day.total, 0);
  const present = CATEGORIES.filter((category) => days.some((day) => day.byCategory[category.key] > 0));

  return (
    <figure className="space-y-3">
      <div className="max-w-3xl">
        <ChartCanvas
          title={`${total} actions from ${stats.from} to ${stats.to}, by day and type`}
          type="bar"
          stacked
          legend={false}
          height={200}
          labels={days.map((day) => day.day.slice(5))}
          series={present.map((category) => ({ label: category.label, color: category.color, values: days.map((day) => day.byCategory[category.key]) }))}
        />
      </div>
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
      <NumbersTable
        caption="Actions per day by type"
        columns={["Day (UTC)", ...present.map((category) => category.label), "Total"]}
        rows={days.map((day) => ({ key: day.day, cells: [day.day, ...present.map((category) => day.byCategory[category.key]), day.total] }))}
      />
    </figure>
  );
}

"use client";
import { AppLink } from "@/components/ui/app-link";
import type { ChartCanvasProps } from "@/components/ui/chart-canvas";
import { formatCount } from "@/lib/format/intl";
import type { Agreement } from "@/lib/quality/model/quality-schemas";
import { queueHealthCsvHref } from "@/lib/queries/queue-health";
import { HealthChartFigure } from "./health-chart-figure";

const share = (percent: number | null) => (percent === null ? "–" : `${Math.round(percent)} %`);

/** One bar per row, its share agreed, on a 0–100 % axis. */
const shareBars = (title: string, rows: { name: string; percent: number | null }[], color: string): ChartCanvasProps => ({
  title,
  type: "bar",
  horizontal: true,
  max: 100,
  unit: " %",
  height: Math.max(120, 40 * rows.length + 40),
  labels: rows.map((row) => row.name),
  series: [{ label: "Agreed", color, values: rows.map((row) => row.percent) }],
});

/**
 * Quality sampling's figures on the health page: how often a colleague deciding blind agreed with
 * each staff member's sampled decisions (only the viewer's own for a moderator, as the server
 * sends them) and per policy, over the last 30 days whatever the trend's span; and what waits.
 */
export function AgreementCharts({ agreement, admin }: { agreement: Agreement; admin: boolean }) {
  const reviewed = agreement.staff.reduce((sum, row) => sum + row.reviewed, 0);
  const whose = admin ? "each staff member's" : "your";
  // The server's words for "no policy" explain themselves in the table; beside a bar on a phone they would be cut.
  const chartPolicies = agreement.policies.map((row) => (row.policyId === null ? { ...row, name: "No policy" } : row));
  return (
    <section aria-labelledby="agreement-heading" className="space-y-4">
      <div className="space-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <h2 id="agreement-heading" className="font-semibold">
          Second reviews
        </h2>
        <p className="text-slate-600">
          Over the last {agreement.days} days of second reviews: the share of {whose} sampled decisions a colleague, deciding blind, agreed with.
          Disagreements go to an admin, whose ruling upholds the first decision or overturns it.
        </p>
        <p>
          Waiting: {formatCount(agreement.pending, "sample")} for a second review, {formatCount(agreement.disputed, "disagreement")} for an
          admin&apos;s ruling.{" "}
          <AppLink href="/second-review" className="text-indigo-700 underline">
            Go to second review
          </AppLink>
        </p>
      </div>
      {reviewed === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
          {admin ? "No decision had" : "None of your decisions had"} a second review in the last {agreement.days} days.
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <HealthChartFigure
            id="health-agreement-staff"
            heading={admin ? "Agreement per staff member" : "Your agreement rate"}
            note="Rulings: of the disagreements an admin ruled on, how many kept the first decision (upheld) or replaced it (overturned)."
            csvHref={queueHealthCsvHref("agreement-staff", agreement.days)}
            chart={shareBars(`Share of ${whose} sampled decisions a second reviewer agreed with, over ${agreement.days} days`, agreement.staff, "#059669")}
            table={{
              caption: admin ? "Agreement per staff member" : "Your agreement rate",
              columns: [admin ? "Staff member" : "You", "Reviewed", "Agreed", "Share", "Rulings upheld", "Overturned"],
              rows: agreement.staff.map((row) => ({
                key: row.staffId ?? "former",
                cells: [row.name, row.reviewed, row.agreed, share(row.percent), row.upheld, row.overturned],
              })),
            }}
          />
          <HealthChartFigure
            id="health-agreement-policies"
            heading={admin ? "Agreement per policy" : "Your agreement per policy"}
            note="By the policy the first decision named; dismissals and upholds under no policy have a row of their own."
            csvHref={queueHealthCsvHref("agreement-policies", agreement.days)}
            chart={shareBars(`Share of ${whose} sampled decisions a second reviewer agreed with, per policy, over ${agreement.days} days`, chartPolicies, "#4f46e5")}
            table={{
              caption: admin ? "Agreement per policy" : "Your agreement per policy",
              columns: ["Policy", "Reviewed", "Agreed", "Share"],
              rows: agreement.policies.map((row) => ({ key: String(row.policyId ?? "none"), cells: [row.name, row.reviewed, row.agreed, share(row.percent)] })),
            }}
          />
        </div>
      )}
    </section>
  );
}

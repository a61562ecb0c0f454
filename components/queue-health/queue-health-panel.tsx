"use client";
import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { HEALTH_DAYS } from "@/lib/queue-health/model/health-span";
import type { QueueHealth } from "@/lib/queue-health/model/queue-health-schemas";
import { shortDuration } from "@/lib/queue-health/model/age-buckets";
import { queueHealthCsvHref, queueHealthOptions } from "@/lib/queries/queue-health";
import { ErrorState } from "@/components/ui/error-state";
import { AgreementCharts } from "./agreement-charts";
import { HealthChartFigure } from "./health-chart-figure";
import { HealthFigures } from "./health-figures";
import { QueueHealthSkeleton } from "./queue-health-skeleton";

const SPANS = [7, 30, 90] as const;
/** One colour per staff member's line and bar, in turn; the legend and the tables name them. */
const COLORS = ["#4f46e5", "#059669", "#b45309", "#0369a1", "#a21caf", "#dc2626", "#475569"];
const colorOf = (i: number) => COLORS[i % COLORS.length] ?? "#475569";
const share = (within: number, decided: number) => (decided === 0 ? null : Math.round((1000 * within) / decided) / 10);

function HealthCharts({ health, admin }: { health: QueueHealth; admin: boolean }) {
  const days = health.daily.map((d) => d.day.slice(5));
  const staffLabel = admin ? "Staff member" : "You";
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <HealthChartFigure
        id="health-age"
        heading="Open items by age"
        note={`Measured from each item's first flag; the bands follow the ${health.targetHours}-hour review target.`}
        csvHref={queueHealthCsvHref("age", health.days)}
        chart={{
          title: `${health.open.total} open items by how long they have waited`,
          type: "bar",
          labels: health.open.buckets.map((b) => b.label),
          series: [{ label: "Open items", color: "#4f46e5", values: health.open.buckets.map((b) => b.count) }],
        }}
        table={{ caption: "Open items by age", columns: ["Waiting", "Open items"], rows: health.open.buckets.map((b) => ({ key: b.key, cells: [b.label, b.count] })) }}
      />
      <HealthChartFigure
        id="health-target"
        heading="Decided within the target, per day"
        note={`The share of each day's decisions made within ${health.targetHours} h of the first flag, against the team's goal of ${health.goalPercent} %.`}
        csvHref={queueHealthCsvHref("daily", health.days)}
        chart={{
          title: `Share decided within ${health.targetHours} hours per day, from ${health.from}, against a goal of ${health.goalPercent} %`,
          type: "line",
          labels: days,
          max: 100,
          unit: " %",
          series: [
            { label: "Within target", color: "#059669", values: health.daily.map((d) => share(d.withinTarget, d.decided)) },
            { label: "Goal", color: "#b45309", dashed: true, values: health.daily.map(() => health.goalPercent) },
          ],
        }}
        table={{
          caption: "Decisions within the target per day",
          columns: ["Day (UTC)", "Decided", "Within target", "Share", "Median flag to decision"],
          rows: health.daily.map((d) => ({
            key: d.day,
            cells: [d.day, d.decided, d.withinTarget, d.decided ? `${share(d.withinTarget, d.decided)} %` : "–", d.medianFlagToDecisionSeconds === null ? "–" : shortDuration(d.medianFlagToDecisionSeconds)],
          })),
        }}
      />
      <HealthChartFigure
        id="health-daily"
        heading="Decisions per day"
        note={admin ? "The team's decisions and each staff member's." : "The team's decisions and yours."}
        csvHref={queueHealthCsvHref("daily", health.days)}
        chart={{
          title: `Decisions per day from ${health.from}, the team's and ${admin ? "each staff member's" : "yours"}`,
          type: "line",
          labels: days,
          series: [
            { label: "Team", color: "#0f172a", values: health.daily.map((d) => d.decided) },
            ...health.moderators.map((m, i) => ({ label: m.name, color: colorOf(i), values: m.daily })),
          ],
        }}
        table={{
          caption: "Decisions per day",
          columns: ["Day (UTC)", "Team", ...health.moderators.map((m) => m.name)],
          rows: health.daily.map((d, i) => ({ key: d.day, cells: [d.day, d.decided, ...health.moderators.map((m) => m.daily[i] ?? 0)] })),
        }}
      />
      <HealthChartFigure
        id="health-moderators"
        heading={admin ? "Decisions per staff member per day" : "Your decisions per day"}
        note={`On average over the last ${health.days} days.`}
        csvHref={queueHealthCsvHref("moderators", health.days)}
        chart={{
          title: `Average decisions per day over ${health.days} days, ${admin ? "per staff member" : "yours"}`,
          type: "bar",
          horizontal: true,
          height: Math.max(120, 40 * health.moderators.length + 40),
          labels: health.moderators.map((m) => m.name),
          series: [{ label: "Decisions per day", color: "#4f46e5", values: health.moderators.map((m) => Math.round(m.perDay * 100) / 100) }],
        }}
        table={{
          caption: admin ? "Decisions per staff member" : "Your decisions",
          columns: [staffLabel, `Decided in ${health.days} days`, "Per day"],
          rows: health.moderators.map((m) => ({ key: m.staffId ?? "former", cells: [m.name, m.decided, m.perDay.toFixed(2)] })),
        }}
      />
    </div>
  );
}

/**
 * The queue's health for a lead (`admin`: every staff member's row) or a moderator's summary (the
 * server sends only their own row). Over a span of days the viewer picks.
 */
export function QueueHealthPanel({ admin }: { admin: boolean }) {
  const [days, setDays] = useState<number>(HEALTH_DAYS.default);
  const health = useQuery(queueHealthOptions(days));
  const spanId = useId();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={spanId}>Trend over</label>
        <select id={spanId} value={days} onChange={(event) => setDays(Number(event.target.value))} className="rounded-md border border-slate-300 bg-white px-2 py-1">
          {SPANS.map((span) => (
            <option key={span} value={span}>
              the last {span} days
            </option>
          ))}
        </select>
      </div>
      {health.isPending ? (
        <QueueHealthSkeleton />
      ) : health.isError ? (
        <ErrorState title="The queue's health could not be loaded." error={health.error} onRetry={() => health.refetch()} />
      ) : (
        <>
          <HealthFigures health={health.data.data} />
          {health.data.data.medians.decided === 0 && health.data.data.open.total === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
              Nothing to chart yet: no item is open and none was decided in the last {days} days.
            </p>
          ) : (
            <HealthCharts health={health.data.data} admin={admin} />
          )}
          <AgreementCharts agreement={health.data.data.agreement} admin={admin} />
        </>
      )}
    </div>
  );
}

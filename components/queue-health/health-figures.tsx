import type { QueueHealth } from "@/lib/queue-health/model/queue-health-schemas";
import { shortDuration } from "@/lib/queue-health/model/age-buckets";
import { formatNumber } from "@/lib/format/intl";

const duration = (seconds: number | null) => (seconds === null ? "none yet" : shortDuration(seconds));
const percent = (value: number | null) => (value === null ? "no decisions" : `${Math.round(value)} %`);

/** The figures a lead reads first, each a term and its value, the shares against the team's goal. */
export function HealthFigures({ health }: { health: QueueHealth }) {
  const figures: { term: string; value: string; detail?: string; warn?: boolean }[] = [
    { term: "Open items", value: formatNumber(health.open.total) },
    { term: "Oldest open item", value: duration(health.open.oldestSeconds), detail: "since its first flag", warn: (health.open.oldestSeconds ?? 0) > health.targetHours * 3600 },
    { term: "Escalated, waiting for an admin", value: formatNumber(health.open.escalated), warn: health.open.escalated > 0 },
    ...health.withinTarget.map((share) => ({
      term: `Decided within ${health.targetHours} h, last ${share.days} days`,
      value: percent(share.percent),
      detail: `${formatNumber(share.withinTarget)} of ${formatNumber(share.decided)}; goal ${health.goalPercent} %`,
      warn: share.percent !== null && share.percent < health.goalPercent,
    })),
    { term: "Median first flag to decision", value: duration(health.medians.flagToDecisionSeconds), detail: `over ${formatNumber(health.medians.decided)} decisions in ${health.days} days` },
    {
      term: "Median time with a moderator",
      value: duration(health.medians.claimToDecisionSeconds),
      detail: `claim to decision, over ${formatNumber(health.medians.claimedDecided)} claimed items`,
    },
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.term} className={`rounded-lg border bg-white p-3 ${figure.warn ? "border-amber-300" : "border-slate-200"}`}>
          <dt className="text-xs text-slate-600">{figure.term}</dt>
          <dd className="text-xl font-semibold">
            {figure.value}
            {figure.warn && <span className="ml-2 text-xs font-normal text-amber-800">needs attention</span>}
          </dd>
          {figure.detail && <dd className="text-xs text-slate-600">{figure.detail}</dd>}
        </div>
      ))}
    </dl>
  );
}

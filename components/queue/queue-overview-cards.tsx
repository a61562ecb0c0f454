"use client";
import { Avatar } from "@/components/ui/avatar";
import type { QueueOverview } from "@/lib/review/model/review-schemas";
import type { QueueView } from "@/lib/review/model/queue-view";

const card = "rounded-lg border border-slate-200 bg-white p-3";
const cardTitle = "text-xs font-semibold tracking-wide text-slate-600 uppercase";
const dayLabel = new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" });
const dayLong = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** Open items by reason, flags over the last seven days and the top repeat offenders. */
export function QueueOverviewCards({ overview, onFilter }: { overview: QueueOverview; onFilter: (patch: Partial<QueueView>) => void }) {
  const { reasons, days, offenders } = overview;
  const peak = Math.max(1, ...days.map((d) => d.count));
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
      <section aria-labelledby="by-reason-heading" className={card}>
        <h2 id="by-reason-heading" className={cardTitle}>
          Open items by reason
        </h2>
        {reasons.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No open items.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {reasons.map((r) => (
              <li key={r.reasonId} className="flex items-center justify-between gap-2">
                <button type="button" onClick={() => onFilter({ reason: r.reasonId, tab: "open" })} className="text-left text-indigo-700 underline">
                  {r.reasonName}
                </button>
                <span className="font-medium tabular-nums">{r.count}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="per-day-heading" className={card}>
        <h2 id="per-day-heading" className={cardTitle}>
          Flags over the last 7 days
        </h2>
        {/* Fixed columns, and each count and bar placed on its baseline by position, not by flow:
            a page painted while its HTML is still arriving never moves them when the rest comes
            (a day's label arriving after its bar pushed the bar up by a line). */}
        <ol className="mt-2 grid h-28 grid-cols-7 gap-1.5" aria-label="Flags per day, oldest first">
          {days.map((d) => {
            const date = new Date(`${d.day}T00:00:00Z`);
            const share = `${(d.count / peak) * 70}%`;
            return (
              <li key={d.day} className="flex min-w-0 flex-col items-center gap-1">
                <span className="relative block h-23 w-full" aria-hidden="true">
                  <span className="absolute inset-x-0 text-center text-xs tabular-nums text-slate-700" style={{ bottom: `calc(${share} + 0.25rem)` }}>
                    {d.count}
                  </span>
                  <span className="absolute inset-x-0 bottom-0 rounded-t bg-indigo-500" style={{ height: share, minHeight: d.count ? 2 : 0 }} />
                </span>
                <span className="text-xs text-slate-600" aria-hidden="true">
                  {dayLabel.format(date)}
                </span>
                <span className="sr-only">
                  {dayLong.format(date)}: {d.count} {d.count === 1 ? "flag" : "flags"}
                </span>
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby="offenders-heading" className={card}>
        <h2 id="offenders-heading" className={cardTitle}>
          Top repeat offenders
        </h2>
        {offenders.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No sender has more than one flagged message.</p>
        ) : (
          <ul className="mt-2 space-y-1.5 text-sm">
            {offenders.map((g) => (
              <li key={g.sender.uid} className="flex items-center gap-2">
                <Avatar src={g.sender.avatar} name={g.sender.name} size="sm" />
                <button type="button" onClick={() => onFilter({ sender: g.sender.uid, tab: "all" })} className="min-w-0 flex-1 truncate text-left text-indigo-700 underline">
                  {g.sender.name}
                </button>
                <span className="shrink-0 text-xs text-slate-600">
                  {g.messageCount} messages · {g.flagCount} flags
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

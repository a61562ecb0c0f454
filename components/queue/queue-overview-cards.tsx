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
        <ol className="mt-2 flex h-28 items-end gap-1.5" aria-label="Flags per day, oldest first">
          {days.map((d) => {
            const date = new Date(`${d.day}T00:00:00Z`);
            return (
              <li key={d.day} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
                <span className="text-xs tabular-nums text-slate-700" aria-hidden="true">
                  {d.count}
                </span>
                <span className="w-full rounded-t bg-indigo-500" style={{ height: `${(d.count / peak) * 70}%`, minHeight: d.count ? 2 : 0 }} aria-hidden="true" />
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

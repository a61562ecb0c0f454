"use client";
import { ErrorState } from "@/components/ui/error-state";
import { formatAbsolute } from "@/components/ui/time-ago";
import type { QueueOverview } from "@/lib/review/overview-stats";
import type { QueueView } from "@/lib/review/queue-view";
import type { QueueData } from "@/lib/review/denormalize";
import { QueueOverviewCards } from "./queue-overview-cards";

const timeOfDay = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "UTC" });

/** A time of day to the second: a refresh a few seconds ago should read as such, not round to "now". */
function FetchTime({ seconds }: { seconds: number }) {
  const date = new Date(seconds * 1000);
  return (
    <time dateTime={date.toISOString()} title={formatAbsolute(seconds)}>
      {timeOfDay.format(date)} UTC
    </time>
  );
}

/**
 * The top of the queue: what the chat service returned (and that it caps the list), then open
 * items by reason, flags over the last seven days and the top repeat offenders.
 */
export function QueueOverviewStrip({
  response,
  overview,
  complete,
  refreshing,
  onRefresh,
  onFilter,
  overdue,
}: {
  response: QueueData;
  /** Of the whole queue, also while `response` holds only its first rows. */
  overview: QueueOverview;
  /** False while `response` holds only the queue's first rows: what is counted over all of it waits. */
  complete: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  onFilter: (patch: Partial<QueueView>) => void;
  /** Open items waiting longer than the review target (lib/review/overdue.ts), and that target in words. */
  overdue: { count: number; target: string };
}) {
  const { upstream, totals, limits } = response;
  const stored = totals.open + totals.resolved + totals.dismissed;

  return (
    <section aria-labelledby="queue-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 id="queue-heading" className="text-2xl font-semibold">
          Review queue
        </h1>
        <p className="text-sm text-slate-600">
          {upstream.ok ? (
            <>
              The chat service returned <span data-testid="flagged-count">{upstream.count}</span> {upstream.count === 1 ? "item" : "items"} (it returns at most{" "}
              {upstream.limit} per request), last asked at <FetchTime seconds={upstream.fetchedAt} />.
            </>
          ) : (
            <>Showing what the dashboard already holds.</>
          )}{" "}
          <button type="button" onClick={onRefresh} disabled={refreshing} className="font-medium text-indigo-700 underline disabled:no-underline disabled:opacity-60">
            {refreshing ? "Refreshing…" : "Refresh now"}
          </button>
        </p>
      </div>
      {!upstream.ok && <ErrorState title="The chat service could not be asked for new flagged messages." error={new Error(upstream.message)} onRetry={onRefresh} />}
      {stored > overview.held && (
        <p className="text-sm text-slate-600">
          The dashboard holds {stored} flagged messages; this page works with {overview.held} of them: open ones first (up to {limits.open}), then the {limits.decided} most
          recently flagged decided ones.
        </p>
      )}

      {/* The paragraph is there from the first rows on, so the list does not move when the count arrives. */}
      {!complete ? (
        <p className="text-sm text-slate-500">Counting overdue items…</p>
      ) : (
        <p className="text-sm text-slate-700">
          <span className={overdue.count > 0 ? "font-semibold text-red-800" : undefined}>
            <span data-testid="overdue-count">{overdue.count}</span> {overdue.count === 1 ? "item is" : "items are"} overdue
          </span>{" "}
          (open for more than {overdue.target} since the first flag).{" "}
          {overdue.count > 0 && (
            <button type="button" onClick={() => onFilter({ tab: "open", sort: "overdue" })} className="font-medium text-indigo-700 underline">
              Show the oldest overdue first
            </button>
          )}
        </p>
      )}

      <QueueOverviewCards overview={overview} onFilter={onFilter} />
    </section>
  );
}

"use client";
import { ErrorState } from "@/components/ui/error-state";
import { PhoneDisclosureButton, usePhoneDisclosure } from "@/components/ui/phone-disclosure";
import { formatAbsolute, formatNumber } from "@/lib/format/intl";
import type { QueueView } from "@/lib/review/model/queue-view";
import type { QueueSummary } from "@/lib/review/model/review-schemas";
import type { SyncSummary } from "@/lib/review/model/sync-status-schema";
import { QueueOverviewCards } from "./queue-overview-cards";
import { QueueOverviewDeactivations } from "./queue-overview-deactivations";

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

/** On hover (text that changes at every sync would move the page under the pointer): how the last sync went. */
function syncDetails(sync: SyncSummary): string {
  const error = sync.lastError ? ` The last error, at ${timeOfDay.format(new Date(sync.lastError.at * 1000))} UTC: ${sync.lastError.message}` : "";
  return `The sync took ${sync.lastDurationMs} ms and stored ${sync.itemsWritten} new or changed ${sync.itemsWritten === 1 ? "item" : "items"}.${error}`;
}

/**
 * The top of the queue: what the chat service returned at the last sync (and that it caps the list), then the
 * overdue items, open items by reason, flags over the last seven days and the top repeat offenders, all
 * counted over the whole queue in the database.
 */
export function QueueOverviewStrip({
  summary,
  refreshing,
  onRefresh,
  onFilter,
  target,
}: {
  summary: QueueSummary;
  refreshing: boolean;
  onRefresh: () => void;
  onFilter: (patch: Partial<QueueView>) => void;
  /** The review target in words (lib/review/model/overdue.ts): open items first flagged longer ago are overdue. */
  target: string;
}) {
  const { upstream, overview, overdue } = summary;
  const details = usePhoneDisclosure();

  return (
    <section aria-labelledby="queue-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 id="queue-heading" className="text-2xl font-semibold">
          Review queue
        </h1>
        <p id={`${details.id}-status`} className={`text-sm text-slate-600 ${details.hiddenOnPhone}`}>
          {upstream.ok ? (
            <>
              The chat service returned <span data-testid="flagged-count">{upstream.count}</span> {upstream.count === 1 ? "item" : "items"} (it returns at most{" "}
              {upstream.limit} per request{upstream.sync && upstream.sync.pages > 1 ? `; ${upstream.sync.pages} pages read` : ""}),{" "}
              <span title={upstream.sync && syncDetails(upstream.sync)}>last synced at</span> <FetchTime seconds={upstream.fetchedAt} />.
              {/* A full page: the service may hold more than it sent, and lists them as decisions written back make room. */}
              {(upstream.moreMayBeWaiting ?? upstream.count >= upstream.limit) && (
                <> More flagged messages may be waiting there: they come in as the decisions made here are written back and make room.</>
              )}
              {upstream.pageSizeRefused && (
                <strong role="status" className="font-medium text-amber-800">
                  {" "}
                  The chat service refused the page size the dashboard asks for ({upstream.pageSizeRefused}), so it is read at the service&apos;s own size; an admin can
                  lower CHAT_FLAGGED_PAGE_SIZE.
                </strong>
              )}
              {upstream.skipped && (
                <strong role="status" className="font-medium text-amber-800">
                  {" "}
                  {upstream.skipped.length === 1 ? "1 message" : `${upstream.skipped.length} messages`} could not be stored and {upstream.skipped.length === 1 ? "is" : "are"} not shown
                  (ids in the server log).
                </strong>
              )}
            </>
          ) : (
            <>
              Showing what the dashboard already holds
              {upstream.sync?.lastSuccessAt ? (
                <>
                  , as of the last sync at <FetchTime seconds={upstream.sync.lastSuccessAt} />
                </>
              ) : null}
              .
            </>
          )}{" "}
          <button type="button" onClick={onRefresh} disabled={refreshing} className="font-medium text-indigo-700 underline disabled:no-underline disabled:opacity-60">
            {refreshing ? "Refreshing…" : "Refresh now"}
          </button>
        </p>
      </div>
      {!upstream.ok && <ErrorState title="The chat service could not be asked for new flagged messages." error={new Error(upstream.message)} onRetry={onRefresh} />}
      {/* Outside the phone's disclosure: a request waits on someone, so it is never folded away. */}
      <QueueOverviewDeactivations />
      <PhoneDisclosureButton open={details.open} controls={`${details.id}-status ${details.id}-overview`} onToggle={details.toggle}>
        Sync status and overview{overdue > 0 ? ` (${formatNumber(overdue)} overdue)` : ""}
      </PhoneDisclosureButton>
      <div id={`${details.id}-overview`} className={`space-y-3 ${details.hiddenOnPhone}`}>
      <p className="text-sm text-slate-700">
        <span className={overdue > 0 ? "font-semibold text-red-800" : undefined}>
          <span data-testid="overdue-count">{formatNumber(overdue)}</span> {overdue === 1 ? "item is" : "items are"} overdue
        </span>{" "}
        (open for more than {target} since the first flag).{" "}
        {overdue > 0 && (
          <button type="button" onClick={() => onFilter({ tab: "open", sort: "overdue" })} className="font-medium text-indigo-700 underline">
            Show the oldest overdue first
          </button>
        )}
      </p>

      <QueueOverviewCards overview={overview} onFilter={onFilter} />
      </div>
    </section>
  );
}

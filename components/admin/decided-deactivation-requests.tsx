"use client";
import { useQuery } from "@tanstack/react-query";
import { DeactivationRequestSummary } from "@/components/review/deactivation-request-summary";
import { ErrorState } from "@/components/ui/error-state";
import { TimeAgo } from "@/components/ui/time-ago";
import { deactivationRequestsOptions } from "@/lib/queries/protection";
import { LoadingBlock } from "@/components/ui/loading-block";

const STATE_WORDS = { approved: "Approved", refused: "Refused", cancelled: "Cancelled", pending: "Pending" } as const;

/** The latest decided requests to deactivate protected users: who decided what, when and why. */
export function DecidedDeactivationRequests() {
  const query = useQuery(deactivationRequestsOptions());
  return (
    <section aria-labelledby="decided-requests-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="decided-requests-heading" className="text-lg font-semibold">
        Recent decisions
      </h2>
      {query.isPending ? (
        <LoadingBlock label="Loading recent decisions" className="h-24 animate-pulse rounded bg-slate-100" />
      ) : query.isError ? (
        <ErrorState title="The recent decisions could not be loaded." error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.data.decided.length === 0 ? (
        <p className="text-sm text-slate-600">No request to deactivate a protected user has been decided yet. Pending ones show in the queue&apos;s overview.</p>
      ) : (
        <ul aria-label="Decided requests" className="divide-y divide-slate-200">
          {query.data.data.decided.map((request) => (
            <li key={request.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
              <DeactivationRequestSummary request={request} />
              <p className="text-slate-700">
                <span className="font-medium">{STATE_WORDS[request.state]}</span>
                {request.decidedBy && <> by {request.decidedBy.name}</>} {request.decidedAt !== null && <TimeAgo seconds={request.decidedAt} />}
                {request.decisionNote && <span className="block break-words">“{request.decisionNote}”</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

"use client";
import { useQuery } from "@tanstack/react-query";
import { LazyDeactivationRequestActions } from "@/components/review/lazy-deactivation-request-actions";
import { DeactivationRequestSummary } from "@/components/review/deactivation-request-summary";
import { deactivationRequestsOptions } from "@/lib/queries/protection";
import { InlineError } from "@/components/ui/error-state";

/**
 * Requests to deactivate protected users that wait for a second staff member, oldest first, until
 * decided; nothing while there are none. A change to the queue (pushed) refetches them.
 */
export function QueueOverviewDeactivations() {
  const requests = useQuery(deactivationRequestsOptions());
  // The page brings them in its HTML; a placeholder here, gone a moment later, would move the rows below it.
  if (requests.isPending) return null;
  if (requests.isError) {
    return (
      <InlineError className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" onRetry={() => void requests.refetch()}>
        The deactivation requests could not be loaded: {requests.error.message}
      </InlineError>
    );
  }
  const pending = requests.data.data.pending;
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="deactivation-requests-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-3">
      <h2 id="deactivation-requests-heading" className="text-xs font-semibold tracking-wide text-amber-900 uppercase">
        Protected users: deactivations waiting for approval ({pending.length})
      </h2>
      <ul className="mt-2 divide-y divide-amber-200">
        {pending.map((request) => (
          <li key={request.id} aria-label={`Request to deactivate ${request.name || request.uid}`} className="flex flex-wrap items-start justify-between gap-2 py-2">
            <DeactivationRequestSummary request={request} />
            <LazyDeactivationRequestActions request={request} />
          </li>
        ))}
      </ul>
    </section>
  );
}

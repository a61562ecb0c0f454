"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { formatNumber } from "@/lib/format/intl";
import { bulkJobOptions, useCancelBulkJob } from "@/lib/queries/bulk-jobs";
import { queryKeys } from "@/lib/queries/query-keys";

/**
 * A decision on a whole view as it runs on the server: items decided and skipped out of how many,
 * a way to stop it, and how it ended. The queue refreshes as it goes (the live stream tells of
 * each batch) and once more at the end.
 */
export function BulkJobProgress({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useQuery(bulkJobOptions(id));
  const cancel = useCancelBulkJob();
  const queryClient = useQueryClient();
  const state = query.data?.state;
  useEffect(() => {
    if (state && state !== "running") void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
  }, [state, queryClient]);

  if (query.isError) return <ErrorState title="The progress of the bulk decision could not be read." error={query.error} onRetry={() => void query.refetch()} />;
  const job = query.data;
  const verb = job?.action === "dismiss" ? "Dismissing" : "Resolving";
  const done = job ? job.decided + job.skipped : 0;
  const ended = job && job.state !== "running";
  return (
    <section aria-label="Bulk decision" aria-busy={job ? undefined : true} className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950">
      {job && (
        <>
          <p role="status">
            {job.state === "running" && `${verb} every open item of the view: ${formatNumber(done)} of ${formatNumber(job.total)} done`}
            {job.state === "done" && `Done: ${formatNumber(job.decided)} ${job.action === "dismiss" ? "dismissed" : "resolved"}`}
            {job.state === "cancelled" && `Stopped: ${formatNumber(job.decided)} ${job.action === "dismiss" ? "dismissed" : "resolved"} before it stopped`}
            {job.state === "failed" && `Stopped by an error after ${formatNumber(job.decided)} items: ${job.error ?? "unknown error"}`}
            {job.skipped > 0 && ` (${formatNumber(job.skipped)} left alone: a colleague is on them, or they wait for an admin)`}.
          </p>
          <progress className="h-2 w-full accent-indigo-700" max={job.total} value={Math.min(done, job.total)} aria-label="Items done" />
        </>
      )}
      <div className="flex gap-2">
        {job?.state === "running" && (
          <button type="button" onClick={() => cancel.mutate(id)} disabled={cancel.isPending} className="rounded-md border border-indigo-300 bg-white px-3 py-1 font-medium hover:bg-indigo-100 disabled:opacity-60">
            {cancel.isPending ? "Stopping…" : "Stop after this batch"}
          </button>
        )}
        {ended && (
          <button type="button" onClick={onClose} className="rounded-md border border-indigo-300 bg-white px-3 py-1 font-medium hover:bg-indigo-100">
            Close
          </button>
        )}
      </div>
    </section>
  );
}

"use client";
import { useDeferredValue } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { useQueueEvents } from "@/lib/queries/queue-live";
import type { ReviewActor } from "@/lib/review/model/transitions";
import { QueueSkeleton } from "./queue-skeleton";
import { QueueWorkspace } from "./queue-workspace";
import { useQueueData } from "./use-queue-data";
import { useQueueView } from "./use-queue-view";

/**
 * The moderation review queue: the view in the URL, its data a page at a time from the server,
 * and the loading and failure states around the working view. The server renders the first page
 * (app/(dashboard)/page.tsx prefetches it with the same queries), so the rows are in the first HTML.
 */
export function ReviewQueue({ me, targetHours, renderedAt, readAt }: { me: ReviewActor; targetHours: number; renderedAt?: number; readAt?: number }) {
  const [view, setView] = useQueueView();
  // Typing stays responsive: the list follows the search a frame later.
  const deferredView = useDeferredValue(view);
  const live = useQueueEvents(readAt);
  const data = useQueueData(deferredView, live.status);
  const retry = () => {
    void data.list.refetch();
    void data.summary.refetch();
  };
  if (data.list.isPending || data.summary.isPending) return <QueueSkeleton />;
  if (data.list.isError && !data.list.data) return <QueueFailure message={data.list.error.message} onRetry={retry} />;
  if (data.summary.isError && !data.summary.data) return <QueueFailure message={data.summary.error.message} onRetry={retry} />;
  const summary = data.summary.data;
  const stored = summary.totals.open + summary.totals.resolved + summary.totals.dismissed;
  if (!summary.upstream.ok && stored === 0) return <QueueFailure message={summary.upstream.message} onRetry={retry} />;
  return <QueueWorkspace me={me} targetHours={targetHours} renderedAt={renderedAt} view={view} setView={setView} data={data} summary={summary} live={live} onRefresh={retry} />;
}

function QueueFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold">Review queue</h1>
      <ErrorState title="The flagged messages could not be loaded." error={new Error(message)} onRetry={onRetry} />
    </div>
  );
}

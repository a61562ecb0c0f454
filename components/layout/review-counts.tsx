"use client";
import { useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { reviewCountsOptions } from "@/lib/queries/review-counts";
import type { ReviewCounts as Counts } from "@/lib/review/model/review-counts-schema";

// The queue never writes "state=open" in its own address (it leaves defaults out), so it takes
// these links as a new view even when it already shows one like them (components/queue/use-queue-view.ts).
const OPEN_HREF = "/?state=open";
const OVERDUE_HREF = "/?state=open&sort=overdue";
const ESCALATED_HREF = "/?state=escalated";

const link = "rounded px-1 font-medium underline-offset-2 hover:underline";

/**
 * Open and overdue review items (and escalated ones, when there are any) in the header of every
 * page, as links to the queue's matching view. `initial` is the server's count, so the header is
 * final in the first HTML (a count arriving later would push the header's other parts around).
 * Without it the box keeps its size while loading. When the last attempt failed, counts that can no
 * longer be vouched for give way to a muted note with the reason: the header must never break or
 * alarm over a count.
 */
export function ReviewCounts({ initial }: { initial?: Counts }) {
  const { data, error } = useQuery({ ...reviewCountsOptions(), initialData: initial });
  return (
    <div className="inline-flex min-h-7 min-w-44 items-center text-sm text-slate-500">
      {error ? (
        <span className="text-xs text-slate-500" title={`The review counts could not be loaded: ${error.message} They are asked for again shortly.`}>
          counts unavailable
        </span>
      ) : data ? (
        <p className="flex items-center gap-1 whitespace-nowrap">
          <span className="sr-only">Review queue:</span>
          <AppLink href={OPEN_HREF} className={`${link} text-slate-700`}>
            {data.open} open<span className="sr-only"> {data.open === 1 ? "item" : "items"}</span>
          </AppLink>
          <span aria-hidden="true">·</span>
          <AppLink href={OVERDUE_HREF} className={`${link} ${data.overdue > 0 ? "text-red-800" : "text-slate-700"}`}>
            {data.overdue} overdue<span className="sr-only"> {data.overdue === 1 ? "item" : "items"}</span>
          </AppLink>
          {data.escalated > 0 && (
            <>
              <span aria-hidden="true">·</span>
              <AppLink href={ESCALATED_HREF} className={`${link} text-slate-700`}>
                {data.escalated} escalated<span className="sr-only"> {data.escalated === 1 ? "item" : "items"}</span>
              </AppLink>
            </>
          )}
        </p>
      ) : (
        <span aria-hidden="true" className="h-4 w-36 rounded bg-slate-100 motion-safe:animate-pulse" />
      )}
    </div>
  );
}

import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { ReviewQueue } from "@/components/queue/review-queue";
import { firstValues } from "@/lib/admin/search-params";
import { requirePageSession } from "@/lib/auth/page-session";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env/server";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { reviewQueueOptions } from "@/lib/queries/review";
import { overdueRule } from "@/lib/review/overdue";
import { WHOLE_QUEUE_ITEMS, queueFirst } from "@/lib/review/queue-first-rows";
import { parseQueueView } from "@/lib/review/queue-view";
import { refreshQueue } from "@/lib/review/refresh-queue";

export const metadata: Metadata = { title: "Review queue" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The queue's rows are in the first HTML. This segment has no loading.tsx on purpose: behind a
 * loading boundary the rows would stream in after the skeleton, and React reveals streamed content
 * no sooner than 300 ms after the first paint.
 */
export default async function QueuePage({ searchParams }: Props) {
  const staff = await requirePageSession();
  const me = { id: staff.id, name: staff.name || staff.email, admin: staff.role === "admin" };
  // A failure is left to the browser's query, which shows it with Retry.
  const queue = await refreshQueue(await db()).catch(() => undefined);
  const targetHours = env().REVIEW_TARGET_HOURS;
  if (queue && queue.data.length > WHOLE_QUEUE_ITEMS) {
    const view = parseQueueView(new URLSearchParams(firstValues(await searchParams)));
    // Overdue as of the queue's refresh a moment ago (the sort "oldest overdue first" needs a time).
    const rule = overdueRule(targetHours, queue.upstream.fetchedAt);
    return <ReviewQueue me={me} targetHours={targetHours} first={queueFirst(queue, view, me.id, rule)} />;
  }
  const queryClient = makeQueryClient();
  // Same key as the browser's query, so the browser starts with the whole queue.
  if (queue) queryClient.setQueryData(reviewQueueOptions().queryKey, queue);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ReviewQueue me={me} targetHours={targetHours} />
    </HydrationBoundary>
  );
}

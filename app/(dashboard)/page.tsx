import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { ReviewQueue } from "@/components/queue/review-queue";
import { requirePageSession } from "@/lib/auth/page-session";
import { db } from "@/lib/db/client";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { reviewQueueOptions } from "@/lib/queries/review";
import { refreshQueue } from "@/lib/review/refresh-queue";

export const metadata: Metadata = { title: "Review queue" };

/**
 * The queue's rows are in the first HTML. This segment has no loading.tsx on purpose: behind a
 * loading boundary the rows would stream in after the skeleton, and React reveals streamed content
 * no sooner than 300 ms after the first paint.
 */
export default async function QueuePage() {
  const staff = await requirePageSession();
  const queryClient = makeQueryClient();
  // Same key as the browser's query, so the rows are in the first HTML; a failure is left to the client's error state.
  await queryClient.prefetchQuery({ ...reviewQueueOptions(), queryFn: async () => refreshQueue(await db()) });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ReviewQueue me={{ id: staff.id, name: staff.name || staff.email }} />
    </HydrationBoundary>
  );
}

import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { QueueHealthPanel } from "@/components/queue-health/queue-health-panel";
import type { StaffSession } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { queueHealthOptions } from "@/lib/queries/queue-health";
import { HEALTH_DAYS } from "@/lib/queue-health/model/health-span";
import { readTeamQueueHealth } from "@/lib/queue-health/server/team-queue-health";

/**
 * The queue's health, read here with the browser's own query so the figures are in the first HTML:
 * the admins' page and the moderators' summary differ only in the rows the server sends and the words.
 */
export async function QueueHealthPage({ staff }: { staff: StaffSession }) {
  const admin = staff.role === "admin";
  const queryClient = makeQueryClient();
  const health = await readTeamQueueHealth(await db(), staff, HEALTH_DAYS.default).catch((error: unknown) => {
    log().warn({ err: error }, "the queue's health could not be read with the page; the browser fetches it and shows the error with Retry");
    return undefined;
  });
  if (health) queryClient.setQueryData(queueHealthOptions(HEALTH_DAYS.default).queryKey, { data: health });
  return (
    <section aria-labelledby="health-heading" className="space-y-4">
      <div>
        <h1 id="health-heading" className="text-2xl font-semibold">
          Queue health
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          {admin ? "How the team keeps up with the queue." : "How the team keeps up with the queue, and your own decisions."} Ages count from an
          item&apos;s first flag. &ldquo;Time with a moderator&rdquo; runs from the latest claim of an item to its decision; items decided straight
          from the list, without a claim first, are not in it.
        </p>
      </div>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <QueueHealthPanel admin={admin} />
      </HydrationBoundary>
    </section>
  );
}

import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { ReviewQueue } from "@/components/queue/review-queue";
import { UrlState } from "@/components/ui/url-state";
import { requirePageSession } from "@/lib/auth/page-session";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env/server";
import { log } from "@/lib/log";
import { mayPinOnBehalfOfUsers } from "@/lib/moderation/pin-permission";
import { leftToBrowser } from "@/lib/pages/left-to-browser";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { myPreferencesOptions } from "@/lib/queries/preferences";
import { policiesOptions } from "@/lib/queries/policies";
import { deactivationRequestsOptions } from "@/lib/queries/protection";
import { teamSettingsOptions } from "@/lib/queries/settings";
import { reviewQueueListOptions, reviewQueueSummaryOptions } from "@/lib/queries/review";
import { listPolicies } from "@/lib/policies/server/policies";
import { listDeactivationRequests } from "@/lib/protection/server/deactivation-requests";
import { readTeamSettings } from "@/lib/settings/server/team-settings";
import { parseQueueView, queueViewParams, queueViewToSearch, queueViewUrlKeys } from "@/lib/review/model/queue-view";
import { readQueueForPage } from "@/lib/review/server/read-queue";
import { readMyPreferences } from "@/lib/wellbeing/server/staff-preferences";
import { urlKeyOrder } from "@/lib/url/param-order";

export const metadata: Metadata = { title: "Review queue" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The queue's first page and summary are read here with the browser's own queries, so its rows
 * are in the first HTML. This segment has no loading.tsx on purpose: behind a loading boundary the
 * rows would stream in after the skeleton, and React reveals streamed content no sooner than
 * 300 ms after the first paint.
 */
export default async function QueuePage({ searchParams }: Props) {
  const staff = await requirePageSession();
  const me = { id: staff.id, name: staff.name || staff.email, admin: staff.role === "admin", pinAsUsers: mayPinOnBehalfOfUsers(staff.role) };
  const view = parseQueueView(await searchParams);
  const targetHours = env().REVIEW_TARGET_HOURS;
  const queryClient = makeQueryClient();
  // A failure is left to the browser's queries, which ask again and show it in words with Retry.
  const database = await db();
  // What the rows and the decisions need besides the queue (the policies' labels, the team's
  // settings): read here too, so the page is ready without a round of requests after it loads.
  // The settings are read once: the staff member's preferences fall back on them.
  const teamSettings = readTeamSettings(database);
  const [first, requests, policies, settings, preferences] = await Promise.all([
    readQueueForPage(database, view, me, targetHours).catch((error: unknown) => {
      log().warn({ err: error }, "the queue could not be prepared with the page; the browser fetches it and shows the error with Retry");
      return undefined;
    }),
    // Above the rows, so in the first HTML too: a part arriving later would move the rows.
    listDeactivationRequests(database, staff).catch(leftToBrowser("the deactivation requests")),
    listPolicies(database).catch(leftToBrowser("the policies")),
    teamSettings.catch(leftToBrowser("the team's settings")),
    // How media shows in the first HTML: without them it would be hidden at its strongest until they came.
    readMyPreferences(database, staff.id, teamSettings).catch(leftToBrowser("the staff member's preferences")),
  ]);
  if (requests) queryClient.setQueryData(deactivationRequestsOptions().queryKey, { data: requests });
  if (policies) queryClient.setQueryData(policiesOptions().queryKey, policies);
  if (settings) queryClient.setQueryData(teamSettingsOptions().queryKey, { data: settings });
  if (preferences) queryClient.setQueryData(myPreferencesOptions().queryKey, { data: preferences });
  if (first) {
    queryClient.setQueryData(reviewQueueListOptions(view).queryKey, { pages: [{ ...first.page, search: queueViewToSearch(view) }], pageParams: [null] });
    queryClient.setQueryData(reviewQueueSummaryOptions(view).queryKey, first.summary);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <UrlState order={urlKeyOrder(queueViewParams, queueViewUrlKeys)}>
        <ReviewQueue me={me} targetHours={targetHours} renderedAt={first?.renderedAt} readAt={first?.readAt} />
      </UrlState>
    </HydrationBoundary>
  );
}

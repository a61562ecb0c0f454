import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { LazyDisputesPanel } from "@/components/quality/lazy-quality-parts";
import { SecondReviewPanel } from "@/components/quality/second-review-panel";
import { AppLink } from "@/components/ui/app-link";
import { requirePageSession } from "@/lib/auth/page-session";
import { db } from "@/lib/db/client";
import { listDisputes } from "@/lib/quality/server/rulings";
import { nextSampleFor } from "@/lib/quality/server/second-review";
import { listPolicies } from "@/lib/policies/server/policies";
import { leftToBrowser } from "@/lib/pages/left-to-browser";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { policiesOptions } from "@/lib/queries/policies";
import { myPreferencesOptions } from "@/lib/queries/preferences";
import { disputesOptions, nextSampleOptions } from "@/lib/queries/quality";
import { teamSettingsOptions } from "@/lib/queries/settings";
import { readTeamSettings } from "@/lib/settings/server/team-settings";
import { readMyPreferences } from "@/lib/wellbeing/server/staff-preferences";

export const metadata: Metadata = { title: "Second review" };

/**
 * Every staff member's blind second reviews; admins also rule on the disagreements (the API checks
 * the role again). The sample, the disagreements and the reviewer's media shield are read here with
 * the browser's own queries, so they are in the first HTML; a failure is left to the browser, which
 * asks again and shows it with Retry.
 */
export default async function SecondReviewPage() {
  const staff = await requirePageSession();
  const admin = staff.role === "admin";
  const database = await db();
  // The forms' policy choice and rule, and the media shield: read once, the preferences fall back on the team's settings.
  const teamSettings = readTeamSettings(database);
  const [next, disputes, preferences, settings, policies] = await Promise.all([
    nextSampleFor(database, staff.id).catch(leftToBrowser("the next second-review sample")),
    admin ? listDisputes(database).catch(leftToBrowser("the disagreements")) : undefined,
    readMyPreferences(database, staff.id, teamSettings).catch(leftToBrowser("the staff member's preferences")),
    teamSettings.catch(leftToBrowser("the team's settings")),
    listPolicies(database).catch(leftToBrowser("the policies")),
  ]);
  const queryClient = makeQueryClient();
  if (next) queryClient.setQueryData(nextSampleOptions().queryKey, next);
  if (disputes) queryClient.setQueryData(disputesOptions().queryKey, disputes);
  if (preferences) queryClient.setQueryData(myPreferencesOptions().queryKey, { data: preferences });
  if (settings) queryClient.setQueryData(teamSettingsOptions().queryKey, { data: settings });
  if (policies) queryClient.setQueryData(policiesOptions().queryKey, policies);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="space-y-8">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">Second review</h1>
          <p className="max-w-3xl text-sm text-slate-600">
            Quality sampling: a colleague decides a sampled item again without seeing the first decision, and an admin rules where the two differ.
            The agreement rates are on the{" "}
            <AppLink href={admin ? "/admin/health" : "/health"} className="text-indigo-700 underline">
              queue&apos;s health page
            </AppLink>
            .
          </p>
        </div>
        <SecondReviewPanel />
        {admin && <LazyDisputesPanel />}
      </div>
    </HydrationBoundary>
  );
}

import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { PolicyManager } from "@/components/admin/policy-manager";
import { ReasonMapEditor } from "@/components/admin/reason-map-editor";
import { StrikeSettingsForm } from "@/components/admin/strike-settings-form";
import { WellbeingSettingsForm } from "@/components/admin/wellbeing-settings-form";
import { requirePageSession } from "@/lib/auth/page-session";
import { db } from "@/lib/db/client";
import { listPolicies } from "@/lib/policies/server/policies";
import { listKnownReasons } from "@/lib/policies/server/policy-admin";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { knownReasonsOptions, policiesOptions } from "@/lib/queries/policies";
import { teamSettingsOptions } from "@/lib/queries/settings";
import { readTeamSettings } from "@/lib/settings/server/team-settings";

export const metadata: Metadata = { title: "Policies" };

export default async function PoliciesPage() {
  await requirePageSession({ role: "admin" });
  const queryClient = makeQueryClient();
  const database = await db();
  await Promise.all([
    queryClient.prefetchQuery({ ...policiesOptions(), queryFn: () => listPolicies(database) }),
    queryClient.prefetchQuery({ ...knownReasonsOptions(), queryFn: async () => ({ data: await listKnownReasons(database) }) }),
    queryClient.prefetchQuery({ ...teamSettingsOptions(), queryFn: async () => ({ data: await readTeamSettings(database) }) }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="space-y-8">
        <h1 className="text-2xl font-semibold">Policies and strikes</h1>
        <StrikeSettingsForm />
        <PolicyManager />
        <ReasonMapEditor />
        <WellbeingSettingsForm />
      </div>
    </HydrationBoundary>
  );
}

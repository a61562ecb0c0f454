import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { DecidedDeactivationRequests } from "@/components/admin/decided-deactivation-requests";
import { ProtectedUsersList } from "@/components/admin/protected-users-list";
import { ProtectionSettings } from "@/components/admin/protection-settings";
import { requirePageSession } from "@/lib/auth/page-session";
import { db } from "@/lib/db/client";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { deactivationRequestsOptions, protectedUsersOptions } from "@/lib/queries/protection";
import { teamSettingsOptions } from "@/lib/queries/settings";
import { listDeactivationRequests } from "@/lib/protection/server/deactivation-requests";
import { listProtectedUsers } from "@/lib/protection/server/protected-list";
import { readTeamSettings } from "@/lib/settings/server/team-settings";

export const metadata: Metadata = { title: "Protected users" };

export default async function ProtectedUsersPage() {
  const me = await requirePageSession({ role: "admin" });
  const queryClient = makeQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({ ...protectedUsersOptions(), queryFn: async () => ({ data: await listProtectedUsers(await db()) }) }),
    queryClient.prefetchQuery({ ...teamSettingsOptions(), queryFn: async () => ({ data: await readTeamSettings(await db()) }) }),
    queryClient.prefetchQuery({ ...deactivationRequestsOptions(), queryFn: async () => ({ data: await listDeactivationRequests(await db(), me) }) }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">Protected users</h1>
          <p className="max-w-2xl text-sm text-slate-600">
            A protected user cannot be deactivated by one person: the first staff member&apos;s request waits in the queue&apos;s overview for a second (an admin
            when a moderator asked).
          </p>
        </div>
        <ProtectedUsersList />
        <ProtectionSettings />
        <DecidedDeactivationRequests />
      </div>
    </HydrationBoundary>
  );
}

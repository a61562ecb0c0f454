import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { SlowedSignIns } from "@/components/admin/slowed-sign-ins";
import { StaffManager } from "@/components/admin/staff-manager";
import { requirePageSession } from "@/lib/auth/page-session";
import { STAFF_ROLES } from "@/lib/auth/roles";
import { twoFactorRequired } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { env } from "@/lib/env/server";
import { signInDelaysOptions, staffListOptions } from "@/lib/queries/staff";
import { singleSignOnConfigured, staffList } from "@/lib/staff/manage-staff";
import { slowedStaffList } from "@/lib/staff/sign-in-delays";

export const metadata: Metadata = { title: "Staff" };

export default async function StaffPage() {
  const me = await requirePageSession({ role: "admin" });
  const queryClient = makeQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({ ...staffListOptions(), queryFn: async () => staffList(await db()) }),
    queryClient.prefetchQuery({ ...signInDelaysOptions(), queryFn: async () => slowedStaffList(await db(), env()) }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="space-y-6">
        <StaffManager myId={me.id} singleSignOn={singleSignOnConfigured()} twoFactorRoles={STAFF_ROLES.filter(twoFactorRequired)} />
        <SlowedSignIns />
      </div>
    </HydrationBoundary>
  );
}

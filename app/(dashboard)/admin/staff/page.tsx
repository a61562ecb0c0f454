import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { StaffManager } from "@/components/admin/staff-manager";
import { requirePageSession } from "@/lib/auth/page-session";
import { db } from "@/lib/db/client";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { staffListOptions } from "@/lib/queries/staff";
import { staffList } from "@/lib/staff/manage-staff";

export const metadata: Metadata = { title: "Staff" };

export default async function StaffPage() {
  const me = await requirePageSession({ role: "admin" });
  const queryClient = makeQueryClient();
  await queryClient.prefetchQuery({ ...staffListOptions(), queryFn: async () => staffList(await db()) });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <StaffManager myId={me.id} />
    </HydrationBoundary>
  );
}

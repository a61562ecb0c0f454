import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { AuditLogViewer } from "@/components/admin/audit-log-viewer";
import { UrlState } from "@/components/ui/url-state";
import { auditFilterParams, readAuditFilter } from "@/lib/admin/audit-filter-url";
import { listAuditPage } from "@/lib/admin/audit-log";
import { requirePageSession } from "@/lib/auth/page-session";
import { db } from "@/lib/db/client";
import { AUDIT_PAGE_SIZE, auditLogOptions } from "@/lib/queries/audit";
import { makeQueryClient } from "@/lib/queries/make-query-client";
import { staffListOptions } from "@/lib/queries/staff";
import { staffList } from "@/lib/staff/manage-staff";
import { urlKeyOrder } from "@/lib/url/param-order";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageSession({ role: "admin" });
  const filter = readAuditFilter(await searchParams);
  const database = await db();
  const queryClient = makeQueryClient();
  await Promise.all([
    queryClient.prefetchInfiniteQuery({ ...auditLogOptions(filter), queryFn: () => listAuditPage(database, { ...filter, limit: AUDIT_PAGE_SIZE }) }),
    queryClient.prefetchQuery({ ...staffListOptions(), queryFn: () => staffList(database) }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <UrlState order={urlKeyOrder(auditFilterParams)}>
        <AuditLogViewer />
      </UrlState>
    </HydrationBoundary>
  );
}

import { AuditLogPageSkeleton } from "@/components/admin/audit-log-skeleton";

export default function Loading() {
  return <AuditLogPageSkeleton />;
}

import { ApiKeysPageSkeleton } from "@/components/admin/api-keys-skeleton";

export default function Loading() {
  return <ApiKeysPageSkeleton />;
}

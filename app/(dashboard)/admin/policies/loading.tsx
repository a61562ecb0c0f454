import { PageSkeleton } from "@/components/ui/page-skeleton";

export default function Loading() {
  return <PageSkeleton label="Loading policies" blocks={["h-48", "h-64"]} />;
}

import { PageSkeleton } from "@/components/ui/page-skeleton";

export default function Loading() {
  return <PageSkeleton label="Loading protected users" blocks={["h-40", "h-32", "h-32"]} />;
}

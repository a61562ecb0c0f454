import { PageSkeleton } from "@/components/ui/page-skeleton";

export default function Loading() {
  return <PageSkeleton label="Loading the second review" blocks={["h-96", "h-64"]} />;
}

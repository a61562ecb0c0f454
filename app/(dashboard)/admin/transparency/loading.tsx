import { PageSkeleton } from "@/components/ui/page-skeleton";

export default function Loading() {
  return <PageSkeleton label="Loading the transparency report" blocks={["h-16", "h-32", "h-48"]} />;
}

import { QueueHealthSkeleton } from "@/components/queue-health/queue-health-skeleton";

export default function Loading() {
  return <QueueHealthSkeleton />;
}

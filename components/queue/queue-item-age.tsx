import { TimeAgo } from "@/components/ui/time-ago";
import type { QueueItem } from "@/lib/review/model/review-schemas";

/** How long an item has waited (since its first flag) and how fresh its newest flag is; the exact times on hover. */
export function QueueItemAge({ item }: { item: Pick<QueueItem, "firstFlaggedAt" | "lastFlaggedAt"> }) {
  if (item.firstFlaggedAt === item.lastFlaggedAt) {
    return (
      <span>
        flagged <TimeAgo seconds={item.firstFlaggedAt} short />
      </span>
    );
  }
  return (
    <>
      <span>
        first flagged <TimeAgo seconds={item.firstFlaggedAt} short />
      </span>
      <span aria-hidden="true">·</span>
      <span>
        newest <TimeAgo seconds={item.lastFlaggedAt} short />
      </span>
    </>
  );
}

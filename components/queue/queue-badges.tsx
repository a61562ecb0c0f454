import { StaffName } from "@/components/ui/staff-name";
import { ReviewStateBadge } from "@/components/review/review-state-badge";
import type { QueueItem } from "@/lib/review/model/review-schemas";
import { priorityBand } from "./priority-breakdown";

const badge = "rounded-full px-2 py-0.5 text-xs font-medium ring-1";

/**
 * The item's review state and what was done, in words. `overdueTarget` is the review target in
 * words when the item has waited longer (lib/review/model/overdue.ts), otherwise null.
 */
export function QueueBadges({ item, meId, isNew, overdueTarget }: { item: QueueItem; meId: string; isNew: boolean; overdueTarget: string | null }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {item.state === "open" && item.priorityDetail && <PriorityBadge score={item.priority} />}
      {isNew && <span className={`${badge} bg-sky-100 text-sky-900 ring-sky-300`}>New</span>}
      {overdueTarget && (
        <span className={`${badge} bg-red-50 text-red-900 ring-red-300`} title={`Open for more than ${overdueTarget} since its first flag`}>
          Overdue
        </span>
      )}
      <ReviewStateBadge state={item.state} reopened={item.reopened} />
      {item.assignee && (
        <span className={`${badge} bg-violet-50 text-violet-900 ring-violet-200`}>
          {item.assignee.id === meId ? (
            "Claimed by you"
          ) : item.takenFrom?.id === meId ? (
            <>
              Taken over by <StaffName id={item.assignee.id} name={item.assignee.name} />
            </>
          ) : (
            <>
              Claimed by <StaffName id={item.assignee.id} name={item.assignee.name} />
            </>
          )}
        </span>
      )}
      {item.state === "open" && item.escalation && <span className={`${badge} bg-orange-100 text-orange-900 ring-orange-300`}>Escalated to admins</span>}
      {item.pinnedBy && <span className={`${badge} bg-indigo-50 text-indigo-900 ring-indigo-200`}>Pinned</span>}
      {item.writeBack?.state === "refused" && (
        <span className={`${badge} bg-red-100 text-red-900 ring-red-300`} title={`The chat service refused this decision: ${item.writeBack.error ?? "no reason given"}`}>
          Refused by the chat service
        </span>
      )}
      {item.sender.deactivated && <span className={`${badge} bg-red-100 text-red-900 ring-red-300`}>Sender deactivated</span>}
    </span>
  );
}

function PriorityBadge({ score }: { score: number }) {
  const band = priorityBand(score);
  return (
    <span className={`${badge} tabular-nums ${band.className}`} title="How urgent this item is, 0–100: see Details for why">
      <span className="sr-only">{band.label} priority: </span>
      <span aria-hidden="true">P </span>
      {score}
    </span>
  );
}

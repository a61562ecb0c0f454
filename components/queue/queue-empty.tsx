import type { QueueTab } from "@/lib/review/model/queue-view";

const clear: Record<QueueTab, string> = {
  open: "The queue is clear: no flagged message is waiting for review.",
  escalated: "Nothing is escalated to the admins.",
  resolved: "No resolved items yet.",
  dismissed: "No dismissed items yet.",
  set_aside: "Nothing is set aside: no item is flagged only by muted reporters.",
  all: "The dashboard has not received any flagged message yet.",
};

/** An empty list in words: a clear queue, or filters that match nothing (with the way out). */
export function QueueEmpty({ tab, filtered, onClearFilters }: { tab: QueueTab; filtered: boolean; onClearFilters: () => void }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
      {filtered ? (
        <>
          <p>No items match this search and these filters.</p>
          <button type="button" onClick={onClearFilters} className="mt-2 font-medium text-indigo-700 underline">
            Clear filters and search
          </button>
        </>
      ) : (
        <p>{clear[tab]}</p>
      )}
    </div>
  );
}

import type { ReviewState } from "@/lib/review/model/states";

const styles: Record<ReviewState, string> = {
  open: "bg-amber-100 text-amber-900 ring-amber-300",
  resolved: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  dismissed: "bg-slate-100 text-slate-700 ring-slate-300",
  set_aside: "bg-violet-100 text-violet-900 ring-violet-300",
};

const labels: Record<ReviewState, string> = { open: "Open", resolved: "Resolved", dismissed: "Dismissed", set_aside: "Set aside" };

export function reviewStateLabel(state: ReviewState): string {
  return labels[state];
}

/** A flagged message's review state, in words (colour only repeats it). */
export function ReviewStateBadge({ state, reopened = false }: { state: ReviewState; reopened?: boolean }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${styles[state]}`}>
      {labels[state]}
      {reopened && state === "open" ? " (reopened)" : ""}
    </span>
  );
}

import type { ReviewCommand } from "./review-schemas";
import type { ReviewState } from "./states";

export type StaffRef = { id: string; name: string };

/** The part of an item that review commands change. */
export type ReviewFields = {
  state: ReviewState;
  reopened: boolean;
  assignee: StaffRef | null;
  decidedAt: number | null;
  decidedBy: StaffRef | null;
};

export type ReviewOutcome = { ok: true; next: ReviewFields } | { ok: false; reason: string };

const pastTense: Record<Exclude<ReviewState, "open">, string> = { resolved: "resolved", dismissed: "dismissed" };

/**
 * What a command does to an item, or why it is refused. The server applies it to the stored row;
 * the browser applies the same function for its optimistic update, so both agree.
 * Claim takes an unassigned item (claiming your own again changes nothing); someone else's claim
 * has to be released first so two moderators never silently take over from each other.
 * Resolve and dismiss decide an open item; reopen undoes a decision.
 */
export function applyReviewCommand(current: ReviewFields, command: ReviewCommand, actor: StaffRef, nowSeconds: number): ReviewOutcome {
  switch (command) {
    case "claim":
      if (current.assignee && current.assignee.id !== actor.id) {
        return { ok: false, reason: `This item is already claimed by ${current.assignee.name}. Unclaim it first to take it over.` };
      }
      return { ok: true, next: { ...current, assignee: actor } };
    case "unclaim":
      if (!current.assignee) return { ok: false, reason: "This item is not claimed by anyone." };
      return { ok: true, next: { ...current, assignee: null } };
    case "resolve":
    case "dismiss": {
      if (current.state !== "open") {
        const by = current.decidedBy ? ` by ${current.decidedBy.name}` : "";
        return { ok: false, reason: `This item was already ${pastTense[current.state]}${by}. Reopen it first to change the decision.` };
      }
      const state = command === "resolve" ? "resolved" : "dismissed";
      return { ok: true, next: { ...current, state, reopened: false, decidedAt: nowSeconds, decidedBy: actor } };
    }
    case "reopen":
      if (current.state === "open") return { ok: false, reason: "This item is already open." };
      return { ok: true, next: { ...current, state: "open", reopened: false } };
  }
}

import type { ReviewCommand, ReviewFields } from "./review-schemas";
import type { ReviewState } from "./states";

export type StaffRef = { id: string; name: string };

/** Who runs a command: admins may act on items escalated to them, moderators may not. */
export type ReviewActor = StaffRef & { admin: boolean };

export type { ReviewFields };

export type ReviewOutcome = { ok: true; next: ReviewFields } | { ok: false; reason: string };

const pastTense: Record<Exclude<ReviewState, "open">, string> = { resolved: "resolved", dismissed: "dismissed" };

/**
 * What a command does to an item, or why it is refused. The server applies it to the stored row;
 * the browser applies the same function for its optimistic update, so both agree.
 * Claim takes an unassigned item (claiming your own again changes nothing); someone else's claim
 * has to be released first so two moderators never silently take over from each other.
 * Resolve and dismiss decide an open item, claiming it for the actor if nobody had; reopen undoes
 * a decision. An escalated item is the admins' until an admin de-escalates it, and an admin's
 * decision on it needs a note saying why.
 */
export function applyReviewCommand(current: ReviewFields, command: ReviewCommand, actor: ReviewActor, nowSeconds: number, note?: string): ReviewOutcome {
  const escalation = current.escalation;
  if (escalation && command !== "escalate" && !actor.admin) {
    return { ok: false, reason: `This item is escalated to admins${escalation.by ? ` by ${escalation.by.name}` : ""}: only an admin can act on it now.` };
  }
  const staff: StaffRef = { id: actor.id, name: actor.name };
  switch (command) {
    case "claim":
      if (current.assignee && current.assignee.id !== actor.id) {
        return { ok: false, reason: `This item is already claimed by ${current.assignee.name}. Unclaim it first to take it over.` };
      }
      return { ok: true, next: { ...current, assignee: staff } };
    case "unclaim":
      if (!current.assignee) return { ok: false, reason: "This item is not claimed by anyone." };
      return { ok: true, next: { ...current, assignee: null } };
    case "resolve":
    case "dismiss": {
      if (current.state !== "open") {
        const by = current.decidedBy ? ` by ${current.decidedBy.name}` : "";
        return { ok: false, reason: `This item was already ${pastTense[current.state]}${by}. Reopen it first to change the decision.` };
      }
      if (escalation && !note) return { ok: false, reason: `Deciding an escalated item needs a note saying why (it was escalated: "${escalation.note}").` };
      const state = command === "resolve" ? "resolved" : "dismissed";
      return { ok: true, next: { ...current, state, reopened: false, assignee: current.assignee ?? staff, decidedAt: nowSeconds, decidedBy: staff } };
    }
    case "reopen":
      if (current.state === "open") return { ok: false, reason: "This item is already open." };
      return { ok: true, next: { ...current, state: "open", reopened: false } };
    case "escalate":
      if (current.state !== "open") return { ok: false, reason: "Only an open item can be escalated. Reopen it first." };
      if (escalation) return { ok: false, reason: `This item is already escalated${escalation.by ? ` by ${escalation.by.name}` : ""}.` };
      if (!note) return { ok: false, reason: "Escalating needs a note telling the admins why." };
      return { ok: true, next: { ...current, escalation: { at: nowSeconds, by: staff, note } } };
    case "deescalate":
      if (!escalation) return { ok: false, reason: "This item is not escalated." };
      if (!note) return { ok: false, reason: "De-escalating needs a note saying why." };
      return { ok: true, next: { ...current, escalation: null } };
  }
}

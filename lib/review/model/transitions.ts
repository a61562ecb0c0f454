import type { ReviewCommand, ReviewFields } from "./review-schemas";
import type { ReviewState } from "./states";
import { waitsForAdmin } from "./waits-for-admin";

export type StaffRef = { id: string; name: string };

/** Who runs a command: admins may act on items escalated to them, moderators may not. */
export type ReviewActor = StaffRef & {
  admin: boolean;
  /** May pin on behalf of a user (lib/moderation/pin-permission.ts); the queue offers only "as the app" otherwise. */
  pinAsUsers?: boolean;
};

export type { ReviewFields };

/** The policy a resolve names: its id, and the strikes it adds to the sender (its weight at decision time). */
export type DecisionPolicy = { id: number; strikeWeight: number };

const NO_STRIKE = { policyId: null, strikeWeight: 0 } as const;

/**
 * A refusal names the holder when it is that someone else is on the item, so the browser can offer
 * to take it over; `forAdmins` when the item waits for an admin, which the server answers 403.
 */
export type ReviewOutcome = { ok: true; next: ReviewFields; takenFrom?: StaffRef } | { ok: false; reason: string; heldBy?: StaffRef; forAdmins?: true };

/**
 * The colleague working on an open item, whom acting on it would take it from: its assignee,
 * unless that is the actor. A decided item is nobody's work any more, and an escalated one is the
 * admins' whoever claimed it, so neither is held.
 */
export function heldByOther(current: Pick<ReviewFields, "state" | "assignee"> & { escalation: object | null }, actor: StaffRef): StaffRef | null {
  if (current.state !== "open" || current.escalation || !current.assignee || current.assignee.id === actor.id) return null;
  return current.assignee;
}

/** What the queue says about an item a colleague holds, on the server's refusal and before the browser asks to take it over. */
export const onThis = (holder: StaffRef) => `${holder.name} is on this`;

/** Why an action on a colleague's item is refused or skipped. */
export const heldReason = (holder: StaffRef) => `${onThis(holder)}. They claimed this item: take it over from them to act on it.`;

const pastTense: Record<Exclude<ReviewState, "open">, string> = { resolved: "resolved", dismissed: "dismissed", set_aside: "set aside (only muted reporters flagged it)" };

/**
 * What a command does to an item, or why it is refused. The server applies it to the stored row;
 * the browser applies the same function for its optimistic update, so both agree.
 * An open item a colleague claimed is theirs: every command on it is refused, naming them, unless
 * the actor says they take it over (`takeover`), which first makes the claim the actor's and
 * records whom it was taken from, so two moderators never both act on one item unawares.
 * Claim takes an unassigned item (claiming your own again changes nothing).
 * Resolve and dismiss decide an open item, claiming it for the actor if nobody had; reopen undoes
 * a decision and leaves the item unclaimed. A resolve records the policy it names (`policy`) and so
 * a strike; a dismiss records none, and reopening takes the strike away again. An escalated item is the admins' until an admin de-escalates it, and an admin's
 * decision on it needs a note saying why.
 */
export function applyReviewCommand(
  current: ReviewFields,
  command: ReviewCommand,
  actor: ReviewActor,
  nowSeconds: number,
  note?: string,
  takeover = false,
  policy: DecisionPolicy | null = null,
): ReviewOutcome {
  const escalation = current.escalation;
  if (escalation && command !== "escalate" && !actor.admin) {
    return { ok: false, reason: waitsForAdmin(escalation.by?.name), forAdmins: true };
  }
  const staff: StaffRef = { id: actor.id, name: actor.name };
  const holder = heldByOther(current, staff);
  if (holder && !takeover) {
    return { ok: false, reason: heldReason(holder), heldBy: holder };
  }
  if (!holder) return decide(current, command, staff, nowSeconds, note, policy);
  const outcome = decide({ ...current, assignee: staff, takenFrom: holder }, command, staff, nowSeconds, note, policy);
  return outcome.ok ? { ...outcome, takenFrom: holder } : outcome;
}

function decide(current: ReviewFields, command: ReviewCommand, staff: StaffRef, nowSeconds: number, note: string | undefined, policy: DecisionPolicy | null): ReviewOutcome {
  const escalation = current.escalation;
  switch (command) {
    case "claim":
      if (current.assignee && current.assignee.id !== staff.id) {
        return { ok: false, reason: `This item is already claimed by ${current.assignee.name}. Unclaim it first to take it over.` };
      }
      return { ok: true, next: { ...current, assignee: staff, takenFrom: current.assignee ? current.takenFrom : null } };
    case "unclaim":
      if (!current.assignee) return { ok: false, reason: "This item is not claimed by anyone." };
      return { ok: true, next: { ...current, assignee: null, takenFrom: null } };
    case "resolve":
    case "dismiss": {
      if (current.state !== "open") {
        const by = current.decidedBy ? ` by ${current.decidedBy.name}` : "";
        return { ok: false, reason: `This item was already ${pastTense[current.state]}${by}. Reopen it first to change the decision.` };
      }
      if (escalation && !note) return { ok: false, reason: `Deciding an escalated item needs a note saying why (it was escalated: "${escalation.note}").` };
      const state = command === "resolve" ? "resolved" : "dismissed";
      const strike = command === "resolve" && policy ? { policyId: policy.id, strikeWeight: policy.strikeWeight } : NO_STRIKE;
      return { ok: true, next: { ...current, state, reopened: false, assignee: current.assignee ?? staff, decidedAt: nowSeconds, decidedBy: staff, ...strike } };
    }
    case "reopen":
      // Back in the pool: the decider's claim came with the decision, and kept it would make
      // everyone else take the item over before working on it again.
      if (current.state === "open") return { ok: false, reason: "This item is already open." };
      return { ok: true, next: { ...current, state: "open", reopened: false, assignee: null, takenFrom: null, ...NO_STRIKE } };
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

import type { DeactivateAnswer, ReactivateAnswer } from "@/lib/chat/schemas";
import type { AwaitingApproval } from "@/lib/protection/model/protection-schemas";

/**
 * What a deactivate answer says about each UID asked for. The service's three lists are each
 * optional (it leaves out a list that would be empty), so a UID in none of them has an unknown
 * outcome: it is never counted as done nor as refused, and staff are told to check. A protected user
 * is not sent at all: their deactivation awaits a second staff member's approval.
 */
export const DEACTIVATION_OUTCOMES = ["deactivated", "already-deactivated", "not-found", "unknown", "awaiting-approval"] as const;
export type DeactivationOutcome = (typeof DEACTIVATION_OUTCOMES)[number];

/** The UIDs asked for, sorted by outcome, each in the order asked. */
export type DeactivationOutcomes = Record<DeactivationOutcome, string[]>;

/**
 * Sorts the UIDs asked for by the answer's optional lists, each in the order asked; a UID in none
 * is `unknown`. UIDs are compared in lower case: the service stores and echoes them so.
 */
function sortByLists<K extends string>(asked: readonly string[], lists: Record<K, string[] | undefined>): Record<K | "unknown", string[]> {
  const outcomeOf = new Map<string, K>();
  for (const [outcome, uids] of Object.entries(lists) as [K, string[] | undefined][]) for (const uid of uids ?? []) outcomeOf.set(uid.toLowerCase(), outcome);
  const sorted = { unknown: [] as string[] } as Record<K | "unknown", string[]>;
  for (const outcome of Object.keys(lists) as K[]) sorted[outcome] = [];
  for (const uid of asked) sorted[outcomeOf.get(uid.toLowerCase()) ?? "unknown"].push(uid);
  return sorted;
}

export function sortDeactivation(asked: readonly string[], answer: DeactivateAnswer, awaitingApproval: readonly string[] = []): DeactivationOutcomes {
  const sorted = sortByLists(asked, { deactivated: answer.deactivatedUids, "already-deactivated": answer.alreadyDeactivatedUids, "not-found": answer.notFound });
  return { ...sorted, "awaiting-approval": [...awaitingApproval] };
}

/** How each outcome's sentence starts, before the UIDs it names. */
const SENTENCE_START: Record<DeactivationOutcome, string> = {
  deactivated: "Deactivated",
  "already-deactivated": "Already deactivated:",
  "not-found": "Not found:",
  unknown: "Unknown: check",
  "awaiting-approval": "Protected, waiting for a second staff member's approval:",
};

type Label = (uid: string) => string;

/** One outcome's sentence, e.g. "Already deactivated: Ana (ana)." */
export const describeOutcome = (outcome: DeactivationOutcome, uids: readonly string[], label: Label = (uid) => uid) =>
  `${SENTENCE_START[outcome]} ${uids.map(label).join(", ")}.`;

/** One sentence per outcome that has UIDs, e.g. "Deactivated Ana (ana). Unknown: check Bo (bo)." */
export function describeDeactivation(outcomes: DeactivationOutcomes, label?: Label): string {
  const parts = DEACTIVATION_OUTCOMES.filter((outcome) => outcomes[outcome].length > 0).map((outcome) => describeOutcome(outcome, outcomes[outcome], label));
  return parts.length ? parts.join(" ") : "Nobody was asked for.";
}

/** Whether every UID asked for ended deactivated (now or before), or waits for approval as it should. */
export const allDeactivated = (outcomes: DeactivationOutcomes) => outcomes["not-found"].length === 0 && outcomes.unknown.length === 0;

/**
 * The dashboard's answer to a deactivation: the service's lists as sent, each UID's outcome, and
 * the protected users whose deactivation now waits for approval (which request, and why).
 */
export type DeactivateUsersResponse = { data: DeactivateAnswer; outcomes: DeactivationOutcomes; awaitingApproval: AwaitingApproval[] };

/** The reactivate answer, read the same way: `reactivatedUids`, `nonDeactivatedUids` and `notFound` are each optional. */
export type ReactivationOutcomes = Record<"reactivated" | "not-deactivated" | "not-found" | "unknown", string[]>;

export function sortReactivation(asked: readonly string[], answer: ReactivateAnswer): ReactivationOutcomes {
  return sortByLists(asked, { reactivated: answer.reactivatedUids, "not-deactivated": answer.nonDeactivatedUids, "not-found": answer.notFound });
}

export type ReactivateUsersResponse = { data: ReactivateAnswer; outcomes: ReactivationOutcomes };

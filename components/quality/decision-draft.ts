import type { QualityDecision } from "@/lib/quality/model/quality-constants";
import type { SampleDecision } from "@/lib/quality/model/quality-schemas";

/** A decision being made in a second review's or a ruling's form; `policy` only for an uphold. */
export type DecisionDraft = { decision: QualityDecision | undefined; policy: SampleDecision["policy"]; note: string };

export const EMPTY_DRAFT: DecisionDraft = { decision: undefined, policy: null, note: "" };

/** A draft with its decision chosen, ready to send. */
export type CompleteDraft = DecisionDraft & { decision: QualityDecision };

type DraftRules = { policyRequired: boolean; noteRequired: boolean };

/**
 * What is missing from a draft before it can be sent, in words, or undefined when it is complete.
 * The server checks the same (the browser carries no zod), and its message is shown when it refuses.
 */
export function missingFromDraft(draft: DecisionDraft, { policyRequired, noteRequired }: DraftRules): string | undefined {
  if (!draft.decision) return "Choose whether to uphold or dismiss the flag.";
  if (draft.decision === "resolved" && policyRequired && draft.policy === null) return "Choose the policy the flag is upheld under: the team requires one.";
  if (noteRequired && !draft.note.trim()) return "Write the reason for the ruling.";
  return undefined;
}

/** The body both APIs take: a dismissal names no policy, an empty note is left out. */
export function draftBody(draft: CompleteDraft) {
  const note = draft.note.trim();
  return {
    decision: draft.decision,
    ...(draft.decision === "resolved" && draft.policy ? { policyId: draft.policy.id } : {}),
    ...(note ? { note } : {}),
  };
}

/**
 * Whether a ruling replaces the first decision (and so the item's, which changes what the chat
 * service's users see): another outcome, or an uphold under another policy, as the server decides.
 */
export function replacesDecision(ruling: CompleteDraft, first: SampleDecision): boolean {
  if (ruling.decision !== first.decision) return true;
  return ruling.decision === "resolved" && (ruling.policy?.id ?? null) !== (first.policy?.id ?? null);
}

"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DECISION_WORDS } from "@/lib/quality/model/quality-constants";
import type { SampleDecision } from "@/lib/quality/model/quality-schemas";
import { DECISION_EFFECTS } from "@/lib/review/model/decision-effects";

type Decision = Pick<SampleDecision, "decision" | "policy">;

const inWords = ({ decision, policy }: Decision) => `${DECISION_WORDS[decision]}${decision === "resolved" ? `, under ${policy ? policy.name : "no policy"}` : ""}`;

const SAME_OUTCOME = "The message stays as it is for the chat service's users; the item is decided again under the new policy.";

/**
 * A ruling that differs from the item's decision replaces it, and the chat service is told: what
 * its users see of the message may change. Confirmed first, saying from what to what.
 */
export function RulingConfirmDialog({
  sender,
  from,
  to,
  pending,
  onConfirm,
  onCancel,
}: {
  sender: string;
  from: Decision;
  to: Decision;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog open title={`Replace the decision on the message from ${sender}?`} confirmLabel="Replace the decision" pending={pending} onConfirm={onConfirm} onCancel={onCancel}>
      <p>
        The item&apos;s decision is now: <strong>{inWords(from)}</strong>. Your ruling replaces it with: <strong>{inWords(to)}</strong>.
      </p>
      <p>{to.decision === from.decision ? SAME_OUTCOME : to.decision === "resolved" ? DECISION_EFFECTS.resolve : DECISION_EFFECTS.dismiss}</p>
    </ConfirmDialog>
  );
}

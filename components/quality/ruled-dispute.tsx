"use client";
import { DECISION_WORDS } from "@/lib/quality/model/quality-constants";
import type { Dispute, SampleDecision } from "@/lib/quality/model/quality-schemas";
import { SampleDecisionView } from "./sample-decision-view";
import { senderName } from "./sample-people";

const who = (decision: SampleDecision) => decision.by?.name ?? "a former staff member";

/** A disagreement an admin ruled on, in short: the message, the two decisions, and the ruling in full. */
export function RuledDispute({ dispute }: { dispute: Dispute }) {
  const sender = senderName(dispute);
  return (
    <li className="space-y-2 py-3 text-sm">
      <p className="line-clamp-2 break-words whitespace-pre-wrap">
        <span className="font-medium">{sender}:</span> {dispute.item.text || `(a ${dispute.item.type} message)`}
      </p>
      <p className="text-slate-700">
        First: {DECISION_WORDS[dispute.first.decision]} ({who(dispute.first)}). Second review: {DECISION_WORDS[dispute.second.decision]} ({who(dispute.second)}).
      </p>
      {dispute.ruling && <SampleDecisionView caption="Ruling" decision={dispute.ruling} />}
    </li>
  );
}

"use client";
import { useId } from "react";
import type { Dispute } from "@/lib/quality/model/quality-schemas";
import { BlindItem } from "./blind-item";
import { RulingForm } from "./ruling-form";
import { SampleDecisionView } from "./sample-decision-view";
import { senderName } from "./sample-people";

/** A disagreement for an admin: the message, the two decisions side by side, and the ruling form. */
export function DisputeCard({ dispute, onRuled }: { dispute: Dispute; onRuled: () => void }) {
  const headingId = useId();
  const sender = senderName(dispute);
  return (
    <li aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <h3 id={headingId} className="font-semibold break-words">
        Disagreement on the message from {sender}
      </h3>
      <BlindItem sample={dispute} />
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <SampleDecisionView caption="First decision" decision={dispute.first} />
        <SampleDecisionView caption="Second review" decision={dispute.second} />
      </div>
      <RulingForm dispute={dispute} sender={sender} onRuled={onRuled} />
    </li>
  );
}

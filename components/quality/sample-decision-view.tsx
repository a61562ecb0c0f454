"use client";
import { StaffName } from "@/components/ui/staff-name";
import { TimeAgo } from "@/components/ui/time-ago";
import { DECISION_WORDS } from "@/lib/quality/model/quality-constants";
import type { SampleDecision } from "@/lib/quality/model/quality-schemas";

/** One decision on a sample (the first, the second review's or the ruling): who, what, under which policy, why and when. */
export function SampleDecisionView({ caption, decision }: { caption: string; decision: SampleDecision }) {
  return (
    <div className="min-w-0 rounded-md border border-slate-200 bg-white p-3 text-sm">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{caption}</p>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
        <dt className="text-slate-500">By</dt>
        <dd className="break-words">{decision.by ? <StaffName id={decision.by.id} name={decision.by.name} /> : "a former staff member"}</dd>
        <dt className="text-slate-500">Decision</dt>
        <dd className="font-medium">{DECISION_WORDS[decision.decision]}</dd>
        <dt className="text-slate-500">Policy</dt>
        <dd>{decision.policy?.name ?? "none"}</dd>
        <dt className="text-slate-500">Note</dt>
        <dd className="break-words whitespace-pre-wrap">{decision.note ?? <span className="text-slate-500">none</span>}</dd>
        <dt className="text-slate-500">When</dt>
        <dd>
          <TimeAgo seconds={decision.at} />
        </dd>
      </dl>
    </div>
  );
}

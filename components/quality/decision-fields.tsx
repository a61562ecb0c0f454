"use client";
import { useId } from "react";
import { PolicySelect } from "@/components/review/policy-select";
import { DECISION_WORDS, QUALITY_DECISIONS } from "@/lib/quality/model/quality-constants";
import type { DecisionDraft } from "./decision-draft";

/**
 * A decision on a flagged message, as the second review and the admins' ruling both take it: uphold
 * or dismiss (native radios, so arrow keys move between them), the policy for an uphold, and a note.
 */
export function DecisionFields({
  legend,
  draft,
  onChange,
  noteLabel,
  noteRequired,
  policyRequired,
  disabled,
}: {
  legend: string;
  draft: DecisionDraft;
  onChange: (draft: DecisionDraft) => void;
  noteLabel: string;
  noteRequired: boolean;
  /** The team asks an uphold to name a policy. */
  policyRequired: boolean;
  disabled: boolean;
}) {
  const name = useId();
  const noteId = useId();
  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="flex flex-col gap-1">
        {QUALITY_DECISIONS.map((decision) => (
          <label key={decision} className="inline-flex min-h-6 items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={decision}
              required
              checked={draft.decision === decision}
              onChange={() => onChange({ ...draft, decision, policy: decision === "resolved" ? draft.policy : null })}
              className="h-4 w-4 shrink-0 accent-indigo-700"
            />
            {DECISION_WORDS[decision]}
          </label>
        ))}
      </div>
      {draft.decision === "resolved" && (
        <div className="max-w-sm">
          <PolicySelect
            label="Policy the flag is upheld under"
            value={draft.policy?.id}
            required={policyRequired}
            onChange={(policy) => onChange({ ...draft, policy: policy ? { id: policy.id, name: policy.name } : null })}
          />
        </div>
      )}
      <div>
        <label htmlFor={noteId} className="block text-sm font-medium">
          {noteLabel}
          {noteRequired ? <span className="text-red-700"> (required)</span> : <span className="font-normal text-slate-600"> (optional)</span>}
        </label>
        <textarea
          id={noteId}
          value={draft.note}
          required={noteRequired}
          maxLength={2000}
          rows={2}
          onChange={(event) => onChange({ ...draft, note: event.target.value })}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
        />
      </div>
    </fieldset>
  );
}

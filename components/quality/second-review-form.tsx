"use client";
import type { FormEvent } from "react";
import type { BlindSample, SecondReviewResult } from "@/lib/quality/model/quality-schemas";
import { useSecondReview } from "@/lib/queries/quality";
import { DecisionFields } from "./decision-fields";
import { draftBody } from "./decision-draft";
import { FormError, SubmitButton } from "./decision-form-parts";
import { useDecisionForm } from "./use-decision-form";

/**
 * The second reviewer's own decision on a sample, made without seeing the first. Keyed by the
 * sample by its caller, so a new sample starts from an empty choice.
 */
export function SecondReviewForm({ sample, onDecided }: { sample: BlindSample; onDecided: (result: SecondReviewResult) => void }) {
  const review = useSecondReview();
  const form = useDecisionForm({ noteRequired: false });

  function submit(event: FormEvent) {
    event.preventDefault();
    const complete = form.complete();
    if (complete) review.mutate({ sampleId: sample.id, ...draftBody(complete) }, { onSuccess: onDecided, onError: form.refused });
  }

  return (
    <form onSubmit={submit} aria-label="Your second review" className="space-y-3 border-t border-slate-200 pt-4">
      <DecisionFields
        legend="Your decision, as if you were the first to decide"
        draft={form.draft}
        onChange={form.setDraft}
        noteLabel="Note"
        noteRequired={false}
        policyRequired={form.policyRequired}
        disabled={review.isPending}
      />
      <FormError error={form.error} />
      <SubmitButton pending={review.isPending} label="Record my decision" />
    </form>
  );
}

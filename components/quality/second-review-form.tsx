"use client";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useToast } from "@/components/ui/toaster";
import type { BlindSample, SecondReviewResult } from "@/lib/quality/model/quality-schemas";
import { ApiClientError } from "@/lib/queries/api-fetch";
import { useSecondReview } from "@/lib/queries/quality";
import { teamSettingsOptions } from "@/lib/queries/settings";
import { DecisionFields } from "./decision-fields";
import { EMPTY_DRAFT, draftBody, missingFromDraft } from "./decision-draft";
import { submitButton } from "./quality-styles";

/**
 * The second reviewer's own decision on a sample, made without seeing the first. Keyed by the
 * sample by its caller, so a new sample starts from an empty choice.
 */
export function SecondReviewForm({ sample, onDecided }: { sample: BlindSample; onDecided: (result: SecondReviewResult) => void }) {
  const review = useSecondReview();
  const toast = useToast();
  const policyRequired = useQuery(teamSettingsOptions()).data?.data.requirePolicy ?? false;
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const { decision } = draft;
    const missing = missingFromDraft(draft, { policyRequired, noteRequired: false });
    if (missing || !decision) return setError(missing);
    setError(undefined);
    review.mutate(
      { sampleId: sample.id, ...draftBody({ ...draft, decision }) },
      {
        onSuccess: onDecided,
        onError: (e) => {
          // A colleague reviewed it first, or the decision was taken back: the next sample replaces
          // this form, so the reason goes where it stays readable.
          if (e instanceof ApiClientError && e.status === 409) toast({ tone: "error", message: e.message });
          else setError(e.message);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Your second review" className="space-y-3 border-t border-slate-200 pt-4">
      <DecisionFields
        legend="Your decision, as if you were the first to decide"
        draft={draft}
        onChange={setDraft}
        noteLabel="Note"
        noteRequired={false}
        policyRequired={policyRequired}
        disabled={review.isPending}
      />
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <button type="submit" disabled={review.isPending} className={submitButton}>
        {review.isPending ? "Recording…" : "Record my decision"}
      </button>
    </form>
  );
}

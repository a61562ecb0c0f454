"use client";
import { useEffect, useRef } from "react";
import type { BlindSample, SecondReviewResult as Result } from "@/lib/quality/model/quality-schemas";
import { BlindItem } from "./blind-item";
import { SecondReviewForm } from "./second-review-form";
import { SecondReviewResult } from "./second-review-result";
import { senderName } from "./sample-people";

/**
 * One sample to review: the message, blind, then the reviewer's form, or once decided its result.
 * `focus`: the reviewer asked for this sample (Next sample), so focus comes to its heading.
 */
export function SecondReviewCard({
  sample,
  result,
  focus,
  onDecided,
  onNext,
}: {
  sample: BlindSample;
  result: Result | undefined;
  focus: boolean;
  onDecided: (result: Result) => void;
  onNext: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const sender = senderName(sample);
  const headingId = `sample-${sample.id}-heading`;
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold break-words">
        Flagged message from {sender}
      </h3>
      <BlindItem sample={sample} labelledBy={headingId} />
      {result ? <SecondReviewResult result={result} onNext={onNext} /> : <SecondReviewForm sample={sample} onDecided={onDecided} />}
    </div>
  );
}

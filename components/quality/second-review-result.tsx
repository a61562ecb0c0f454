"use client";
import { useEffect, useId, useRef } from "react";
import type { SecondReviewResult as Result } from "@/lib/quality/model/quality-schemas";
import { SampleDecisionView } from "./sample-decision-view";
import { secondaryButton } from "./quality-styles";

/**
 * What a second review found, now that it can no longer bias the reviewer: whether they agreed,
 * and the first decision. Focus comes to its heading, so a keyboard or screen-reader user hears
 * the result where the form was.
 */
export function SecondReviewResult({ result, onNext }: { result: Result; onNext: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={headingId} className={`space-y-3 rounded-md border p-3 ${result.agreed ? "border-emerald-200 bg-emerald-50" : "border-amber-300 bg-amber-50"}`}>
      <h4 id={headingId} ref={heading} tabIndex={-1} className="font-semibold">
        {result.agreed ? "You agreed with the first decision." : "You disagreed: an admin will rule."}
      </h4>
      <p className="text-sm text-slate-700">
        {result.agreed
          ? "Your decision is recorded; the item keeps its decision."
          : "Your decision is recorded. Two decisions agree only with the same outcome and, for an uphold, the same policy; the item keeps the first until an admin rules."}
      </p>
      <SampleDecisionView caption="The first decision" decision={result.first} />
      <button type="button" onClick={onNext} className={secondaryButton}>
        Next sample
      </button>
    </section>
  );
}

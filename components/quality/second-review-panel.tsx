"use client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingBlock } from "@/components/ui/loading-block";
import { formatCount } from "@/lib/format/intl";
import type { BlindSample, SecondReviewResult as Result } from "@/lib/quality/model/quality-schemas";
import { nextSampleOptions } from "@/lib/queries/quality";
import { LazySecondReviewCard } from "./lazy-quality-parts";
import { panelHeading } from "./quality-styles";

/**
 * The staff member's blind second reviews, one sample at a time. The sample just decided stays on
 * screen with its result (the next one is read underneath) until they ask for the next.
 */
export function SecondReviewPanel() {
  const next = useQuery(nextSampleOptions());
  const [decided, setDecided] = useState<{ sample: BlindSample; result: Result } | null>(null);
  // Set by "Next sample": focus then goes to the new sample's heading, not back to the page's top.
  const [focusSample, setFocusSample] = useState(false);
  const sample = decided?.sample ?? next.data?.data ?? null;
  const heading = useRef<HTMLHeadingElement>(null);
  // Nothing left after "Next sample": focus goes to the section, whose words say so.
  const nothingLeft = focusSample && next.isSuccess && !sample;
  useEffect(() => {
    if (nothingLeft) heading.current?.focus();
  }, [nothingLeft]);

  return (
    <section aria-labelledby="second-review-heading" className="space-y-3">
      <div>
        <h2 id="second-review-heading" ref={heading} tabIndex={-1} className={panelHeading}>
          Waiting for your second review
        </h2>
        <p className="max-w-3xl text-sm text-slate-600">
          A share of every staff member&apos;s decisions comes back for a second look by a colleague. Decide as if you were the first: the first
          decision is shown only once yours is recorded.
        </p>
      </div>
      {next.isPending ? (
        <LoadingBlock label="Loading the next sample" className="h-96 animate-pulse rounded-lg bg-slate-100" />
      ) : next.isError ? (
        <ErrorState title="The next sample could not be loaded." error={next.error} onRetry={() => void next.refetch()} />
      ) : (
        <>
          <p className="text-sm font-medium" aria-live="polite">
            {next.data.waiting > 0
              ? `${formatCount(next.data.waiting, "sample")} waiting for you.`
              : decided
                ? "No more samples wait for you."
                : "Nothing waits for your second review."}
          </p>
          {sample && (
            <LazySecondReviewCard
              key={sample.id}
              sample={sample}
              result={decided?.result}
              focus={focusSample}
              onDecided={(result) => setDecided({ sample, result })}
              onNext={() => {
                setDecided(null);
                setFocusSample(true);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

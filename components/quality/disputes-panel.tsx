"use client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingBlock } from "@/components/ui/loading-block";
import { formatCount } from "@/lib/format/intl";
import { disputesOptions } from "@/lib/queries/quality";
import { DisputeCard } from "./dispute-card";
import { panelHeading } from "./quality-styles";
import { RuledDispute } from "./ruled-dispute";

/** The admins' part: disagreements between first decisions and second reviews, each waiting for a ruling, and the latest ruled. */
export function DisputesPanel() {
  const disputes = useQuery(disputesOptions());
  const heading = useRef<HTMLHeadingElement>(null);
  // Bumped by each ruling: its card leaves the list, so focus goes to the section's heading (after
  // the confirmation, if any, has closed).
  const [ruled, setRuled] = useState(0);
  useEffect(() => {
    if (ruled > 0) heading.current?.focus();
  }, [ruled]);

  return (
    <section aria-labelledby="disputes-heading" className="space-y-3">
      <div>
        <h2 id="disputes-heading" ref={heading} tabIndex={-1} className={panelHeading}>
          Disagreements to rule on
        </h2>
        <p className="max-w-3xl text-sm text-slate-600">
          The second reviewer decided otherwise than the first. Your ruling stands and is recorded: if it differs from the item&apos;s decision, it
          replaces it, and the chat service is told.
        </p>
      </div>
      {disputes.isPending ? (
        <LoadingBlock label="Loading the disagreements" className="h-64 animate-pulse rounded-lg bg-slate-100" />
      ) : disputes.isError ? (
        <ErrorState title="The disagreements could not be loaded." error={disputes.error} onRetry={() => void disputes.refetch()} />
      ) : (
        <>
          {disputes.data.data.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">No disagreement waits for a ruling.</p>
          ) : (
            <>
              <p className="text-sm font-medium">{formatCount(disputes.data.data.length, "disagreement")} waiting for a ruling.</p>
              <ol aria-label="Disagreements waiting for a ruling" className="space-y-4">
                {disputes.data.data.map((dispute) => (
                  <DisputeCard key={dispute.id} dispute={dispute} onRuled={() => setRuled((n) => n + 1)} />
                ))}
              </ol>
            </>
          )}
          <section aria-labelledby="ruled-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h3 id="ruled-heading" className="font-semibold">
              Recently ruled
            </h3>
            {disputes.data.ruled.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No ruling yet.</p>
            ) : (
              <ol aria-label="Recently ruled" className="divide-y divide-slate-200">
                {disputes.data.ruled.map((dispute) => (
                  <RuledDispute key={dispute.id} dispute={dispute} />
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </section>
  );
}

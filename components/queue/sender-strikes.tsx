"use client";
import { useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { strikeLedgerOptions } from "@/lib/queries/strikes";
import { strikeCountWords } from "@/lib/strikes/model/strike-recommendation";
import { userHref } from "@/lib/users/user-href";
import { InlineError } from "@/components/ui/error-state";

/**
 * The sender's live strikes at decision time, and what the team's thresholds recommend. The
 * recommendation is one key away (d opens the deactivation's confirmation) and never acts by itself.
 */
export function SenderStrikes({ uid, deactivated, onDeactivate }: { uid: string; deactivated: boolean; onDeactivate: () => void }) {
  const ledger = useQuery(strikeLedgerOptions(uid));
  if (ledger.isPending) {
    return (
      <p aria-busy="true" className="ml-11 text-xs text-slate-500">
        Loading strikes…
      </p>
    );
  }
  if (ledger.isError) {
    return (
      <InlineError className="ml-11 text-xs text-red-800" retryLabel="Try again" onRetry={() => void ledger.refetch()}>
        The sender&apos;s strikes could not be loaded.
      </InlineError>
    );
  }
  const { live, expiryDays, recommendation } = ledger.data.data;
  return (
    <div className="ml-11 space-y-1 text-xs">
      <p className="text-slate-700">
        <AppLink href={`${userHref(uid)}#strikes`} className="font-medium text-indigo-700 underline">
          {strikeCountWords(live, expiryDays)}
        </AppLink>
      </p>
      {recommendation && (
        <div role="status" className={`rounded-md p-2 ring-1 ${recommendation.action === "deactivate" ? "bg-red-50 text-red-950 ring-red-200" : "bg-amber-50 text-amber-950 ring-amber-200"}`}>
          <p className="font-medium">{recommendation.words}</p>
          {recommendation.action === "deactivate" && !deactivated && (
            <p className="mt-1">
              <button type="button" className="min-h-6 font-medium underline" onClick={onDeactivate}>
                Deactivate this sender…
              </button>{" "}
              or press <kbd className="rounded border border-red-300 bg-white px-1 font-mono">d</kbd> (asks first; nothing happens by itself).
            </p>
          )}
        </div>
      )}
    </div>
  );
}

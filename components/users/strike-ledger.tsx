"use client";
import { useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { ErrorState } from "@/components/ui/error-state";
import { StaffName } from "@/components/ui/staff-name";
import { TimeAgo } from "@/components/ui/time-ago";
import { formatAbsolute } from "@/lib/format/intl";
import { strikeLedgerOptions } from "@/lib/queries/strikes";
import { DEFAULT_VIEW, queueViewToSearch } from "@/lib/review/model/queue-view";
import { strikeCountWords } from "@/lib/strikes/model/strike-recommendation";
import type { Strike } from "@/lib/strikes/model/strike-schemas";
import { LoadingBlock } from "@/components/ui/loading-block";

/** The queue's resolved items of this sender, searched for the strike's text: where the decision can be seen and reopened. */
const itemHref = (uid: string, strike: Strike) => `/${queueViewToSearch({ ...DEFAULT_VIEW, tab: "resolved", sender: uid, q: strike.excerpt.slice(0, 60).replace(/…$/, "") })}`;

/**
 * The user's strike ledger: every upheld item under a policy, live and expired, with the policy,
 * its weight, who decided it and when it expires; the live total and the team's recommendation.
 */
export function StrikeLedger({ uid }: { uid: string }) {
  const query = useQuery(strikeLedgerOptions(uid));
  if (query.isPending) {
    return <LoadingBlock label="Loading strikes" className="h-32 rounded-lg border border-slate-200 bg-white motion-safe:animate-pulse" />;
  }
  if (query.isError) return <ErrorState title="The strikes could not be loaded." error={query.error} onRetry={() => query.refetch()} />;
  const ledger = query.data.data;
  return (
    <section id="strikes" aria-labelledby="strikes-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="strikes-heading" className="text-lg font-semibold">
        Strikes: {strikeCountWords(ledger.live, ledger.expiryDays)}
      </h2>
      {ledger.recommendation && (
        <p role="status" className={`mt-2 rounded-md p-2 text-sm font-medium ring-1 ${ledger.recommendation.action === "deactivate" ? "bg-red-50 text-red-950 ring-red-200" : "bg-amber-50 text-amber-950 ring-amber-200"}`}>
          {ledger.recommendation.words}. A recommendation only: nothing is done until someone decides.
        </p>
      )}
      {ledger.strikes.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No upheld item under a policy: this user has no strikes.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {ledger.strikes.map((strike) => (
            <li key={strike.messageId} className={`space-y-1 py-2 text-sm ${strike.live ? "" : "text-slate-500"}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${strike.live ? "bg-red-50 text-red-900 ring-red-200" : "bg-slate-50 text-slate-600 ring-slate-200"}`}>
                  {strike.live ? "Live" : "Expired"}
                </span>
                <span className="font-medium">{strike.policy.name}</span>
                <span>
                  {strike.weight} {strike.weight === 1 ? "strike" : "strikes"}
                </span>
                <span className="text-slate-600">
                  decided <TimeAgo seconds={strike.decidedAt} />
                  {strike.decidedBy && (
                    <>
                      {" "}
                      by <StaffName id={strike.decidedBy.id} name={strike.decidedBy.name} />
                    </>
                  )}
                </span>
              </div>
              <p className="break-words whitespace-pre-wrap">{strike.excerpt || <span className="text-slate-500">(no text)</span>}</p>
              <p className="text-xs text-slate-500">
                {strike.live ? "Expires" : "Expired"} {formatAbsolute(strike.expiresAt)} ·{" "}
                <AppLink href={itemHref(ledger.uid, strike)} className="text-indigo-700 underline">
                  Message {strike.messageId} in the queue
                </AppLink>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

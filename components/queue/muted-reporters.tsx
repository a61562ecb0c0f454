"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { StaffName } from "@/components/ui/staff-name";
import { TimeAgo } from "@/components/ui/time-ago";
import { mutedReportersOptions } from "@/lib/queries/reporters";
import type { MutedReporter } from "@/lib/reporters/model/reporter-schemas";
import { rowButton } from "./queue-styles";
import { UnmuteReporterDialog } from "./unmute-reporter-dialog";

/** Beside the Set aside tab: who is muted, by whom and why, and (for admins) Unmute. */
export function MutedReporters({ admin }: { admin: boolean }) {
  const query = useQuery(mutedReportersOptions());
  const [unmuting, setUnmuting] = useState<MutedReporter | null>(null);
  return (
    <section aria-labelledby="muted-reporters-heading" className="space-y-2 rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm">
      <h2 id="muted-reporters-heading" className="font-semibold text-violet-950">
        Muted reporters
      </h2>
      {query.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading the muted reporters" className="space-y-2 motion-safe:animate-pulse">
          {[0, 1].map((i) => (
            <div key={i} className="h-8 rounded bg-violet-100" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState title="The muted reporters could not be loaded." error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="text-slate-700">Nobody is muted: every flag counts.</p>
      ) : (
        <ul className="space-y-2">
          {query.data.map((r) => (
            <li key={r.uid} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white p-2 ring-1 ring-violet-200">
              <div className="min-w-0">
                <p className="font-medium break-all text-slate-900">
                  {r.name} <span className="font-mono text-xs font-normal text-slate-600">{r.uid}</span>
                </p>
                <p className="text-xs text-slate-700">
                  Muted <TimeAgo seconds={r.mutedAt} />
                  {r.mutedBy && (
                    <>
                      {" by "}
                      <StaffName id={r.mutedBy.id} name={r.mutedBy.name} />
                    </>
                  )}
                  {" · "}
                  {r.setAside} {r.setAside === 1 ? "flag" : "flags"} set aside
                </p>
                {r.note && <p className="text-xs break-words whitespace-pre-wrap text-slate-800">“{r.note}”</p>}
              </div>
              {admin && (
                <button type="button" className={rowButton} onClick={() => setUnmuting(r)} aria-label={`Unmute ${r.name}`}>
                  Unmute
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {unmuting && <UnmuteReporterDialog reporter={unmuting} onClose={() => setUnmuting(null)} />}
    </section>
  );
}

"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { TableScroll } from "@/components/ui/table-scroll";
import { useToast } from "@/components/ui/toaster";
import { knownReasonsOptions, policiesOptions, useSetReasonMap } from "@/lib/queries/policies";
import { LoadingBlock } from "@/components/ui/loading-block";

const field = "block w-full min-w-40 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

/**
 * The flag reason -> policy map: each reason flaggers used (or already mapped) and the policy its
 * items arrive labelled with. Edited as a whole and saved at once.
 */
export function ReasonMapEditor() {
  const reasons = useQuery(knownReasonsOptions());
  const policies = useQuery(policiesOptions());
  const save = useSetReasonMap();
  const toast = useToast();
  // The admin's edits over the stored map, until saved.
  const [edits, setEdits] = useState<Record<string, number | null>>({});

  if (reasons.isPending || policies.isPending) return <LoadingBlock label="Loading the reason map" className="h-40 animate-pulse rounded-lg bg-slate-100" />;
  if (reasons.isError) return <ErrorState title="The flag reasons could not be loaded." error={reasons.error} onRetry={() => reasons.refetch()} />;
  if (policies.isError) return <ErrorState title="The policies could not be loaded." error={policies.error} onRetry={() => policies.refetch()} />;
  const active = policies.data.data.filter((p) => !p.archived);
  const current = (id: string, stored: number | null) => (id in edits ? edits[id] : stored) ?? null;
  const changed = Object.keys(edits).length > 0;

  function submit() {
    const map: Record<string, number> = {};
    for (const reason of reasons.data?.data ?? []) {
      const policyId = current(reason.id, reason.policyId);
      if (policyId !== null) map[reason.id] = policyId;
    }
    save.mutate(
      { map },
      {
        onSuccess: () => {
          setEdits({});
          toast({ tone: "success", message: "The reason map is saved: items arrive labelled by it from now on." });
        },
        onError: (error) => toast({ tone: "error", message: error.message }),
      },
    );
  }

  return (
    <section aria-labelledby="reason-map-heading" className="space-y-3">
      <h2 id="reason-map-heading" className="text-lg font-semibold">
        Flag reasons and their policies
      </h2>
      <p className="text-sm text-slate-600">An item arrives labelled with the policy its flags&apos; reasons point to (the most severe of them); the moderator may decide under another.</p>
      {reasons.data.data.length === 0 ? (
        <p className="text-sm text-slate-500">No flag reason is known yet: reasons appear here once an item is flagged with them.</p>
      ) : (
        <TableScroll label="Flag reasons">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Flag reasons and the policy each maps to</caption>
            <thead className="bg-slate-50 text-left text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">Reason</th>
                <th scope="col" className="px-4 py-2">Policy</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {reasons.data.data.map((reason) => (
                <tr key={reason.id}>
                  <td className="px-4 py-2">
                    <p className="font-medium break-all">{reason.name}</p>
                    <p className="font-mono text-xs break-all text-slate-500">{reason.id}</p>
                  </td>
                  <td className="px-4 py-2">
                    <select
                      aria-label={`Policy for the reason ${reason.name}`}
                      value={current(reason.id, reason.policyId) ?? ""}
                      onChange={(event) => setEdits({ ...edits, [reason.id]: event.target.value ? Number(event.target.value) : null })}
                      className={field}
                    >
                      <option value="">No policy</option>
                      {active.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <div className="flex gap-2">
        <button type="button" disabled={!changed || save.isPending} onClick={submit} className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60">
          {save.isPending ? "Saving…" : "Save the map"}
        </button>
        {changed && (
          <button type="button" onClick={() => setEdits({})} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50">
            Discard changes
          </button>
        )}
      </div>
    </section>
  );
}

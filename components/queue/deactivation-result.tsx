"use client";
import type { DeactivateSendersResult } from "@/lib/review/review-schemas";

export type DeactivationOutcome = DeactivateSendersResult & { names: Record<string, string> };

/** What a bulk deactivation did: who was deactivated, and every UID the chat service did not deactivate. */
export function DeactivationResult({ outcome, onClose }: { outcome: DeactivationOutcome; onClose: () => void }) {
  const label = (uid: string) => `${outcome.names[uid] ?? uid} (${uid})`;
  return (
    <section aria-labelledby="deactivation-result-heading" className="space-y-2 rounded-lg border border-slate-300 bg-white p-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <h2 id="deactivation-result-heading" className="font-semibold">
          Deactivation result
        </h2>
        <button type="button" onClick={onClose} className="text-xs font-medium text-indigo-700 underline">
          Close
        </button>
      </div>
      <p>
        Deactivated {outcome.deactivatedUids.length} of {outcome.asked.length}: {outcome.deactivatedUids.length ? outcome.deactivatedUids.map(label).join(", ") : "nobody"}.
      </p>
      {outcome.notDeactivated.length > 0 && (
        <p className="rounded-md bg-red-50 p-2 text-red-900">
          <strong>Not deactivated:</strong> {outcome.notDeactivated.map(label).join(", ")}. The chat service did not confirm these; they may already be deactivated or may not
          exist.
        </p>
      )}
    </section>
  );
}

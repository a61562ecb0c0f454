"use client";
import type { DeactivateSendersResult } from "@/lib/review/model/review-schemas";
import { DEACTIVATION_OUTCOMES, describeOutcome } from "@/lib/users/deactivation-outcome";

export type DeactivationOutcome = DeactivateSendersResult & { names: Record<string, string> };

/**
 * What a bulk deactivation did, sender by sender: deactivated, already deactivated, not found, or
 * "unknown: check" when the service's answer named the UID in none of its lists.
 */
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
        Deactivated {outcome.outcomes.deactivated.length} of {outcome.asked.length}:{" "}
        {outcome.outcomes.deactivated.length ? outcome.outcomes.deactivated.map(label).join(", ") : "nobody"}.
      </p>
      <ul className="space-y-1">
        {DEACTIVATION_OUTCOMES.filter((kind) => kind !== "deactivated" && outcome.outcomes[kind].length > 0).map((kind) => (
          <li key={kind} className={kind === "unknown" || kind === "not-found" ? "rounded-md bg-red-50 p-2 text-red-900" : undefined}>
            {describeOutcome(kind, outcome.outcomes[kind], label)}
            {kind === "unknown" && " The chat service's answer did not name these: open each user to see whether the deactivation took effect."}
          </li>
        ))}
      </ul>
    </section>
  );
}

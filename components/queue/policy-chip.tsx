import type { QueueItem } from "@/lib/review/model/review-schemas";
import type { DecisionPolicies } from "./use-decision-policy";

/**
 * The policy on the row: the one the decision named, else the pre-label its flags' reasons map to
 * (worked out in the browser from the reason map, no request per row). Nothing for a dismissed item.
 */
export function PolicyChip({ item, policies }: { item: QueueItem; policies: DecisionPolicies }) {
  if (item.state === "dismissed") return null;
  const decided = item.policyId === null ? undefined : policies.byId(item.policyId);
  if (decided) {
    return (
      <span className="rounded bg-indigo-50 px-1.5 py-0.5 font-medium text-indigo-900 ring-1 ring-indigo-200" title={`${item.strikeWeight} ${item.strikeWeight === 1 ? "strike" : "strikes"} for the sender`}>
        Policy: {decided.name}
      </span>
    );
  }
  const suggested = item.state === "open" ? policies.mapped(item) : undefined;
  if (!suggested) return null;
  return (
    <span className="rounded bg-white px-1.5 py-0.5 text-slate-700 ring-1 ring-slate-300 ring-dashed" title="The policy the flags' reasons map to; the decision may name another">
      Suggested policy: {suggested.name}
    </span>
  );
}

"use client";
import { PolicySelect } from "@/components/review/policy-select";
import type { QueueItem } from "@/lib/review/model/review-schemas";
import type { DecisionPolicies } from "./use-decision-policy";

/**
 * The policy a resolve of this item names, preselected (the item's mapped policy, else the last
 * used); every resolve of the item, by button or key, takes what is chosen here.
 */
export function DecisionPolicyField({ item, policies, disabled }: { item: QueueItem; policies: DecisionPolicies; disabled: boolean }) {
  const mapped = policies.mapped(item);
  const selected = policies.preselected(item);
  return (
    <fieldset disabled={disabled} className="max-w-sm space-y-1">
      <PolicySelect
        label="Policy for a resolve"
        value={selected?.id}
        required={policies.required}
        focusKey={item.id}
        onChange={(policy) => policies.choose(item.id, policy)}
      />
      <p className="text-xs text-slate-600">
        {mapped ? `The flags' reasons suggest ${mapped.name}.` : "No flag reason of this item maps to a policy."}
        {selected && ` Resolving adds ${selected.strikeWeight} ${selected.strikeWeight === 1 ? "strike" : "strikes"} to the sender.`}
      </p>
    </fieldset>
  );
}

"use client";
import { useQuery } from "@tanstack/react-query";
import type { Policy } from "@/lib/policies/model/policy-schemas";
import { policiesOptions } from "@/lib/queries/policies";
import { InlineError } from "@/components/ui/error-state";

const field = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

/**
 * The policy a decision is made under, for every decision that upholds a flag or acts against a
 * user (the queue and the user pages share it). `required`: the team's setting; without it
 * "No policy" can be chosen. Archived policies are not offered.
 */
export function PolicySelect({
  value,
  onChange,
  required,
  label = "Policy",
  id,
  focusKey,
}: {
  value: number | undefined;
  onChange: (policy: Policy | undefined) => void;
  required: boolean;
  label?: string;
  id?: string;
  /** Set as data-policy-select, so the queue's keyboard can bring focus here (components/queue/queue-rows.tsx). */
  focusKey?: string;
}) {
  const policies = useQuery(policiesOptions());
  const active = (policies.data?.data ?? []).filter((p) => !p.archived);
  return (
    <label className="block text-sm font-medium">
      {label}
      {required && <span className="text-red-700"> (required)</span>}
      <select
        id={id}
        data-policy-select={focusKey}
        value={value ?? ""}
        required={required}
        aria-busy={policies.isPending}
        disabled={policies.isPending}
        onChange={(e) => onChange(active.find((p) => p.id === Number(e.target.value)))}
        className={field}
      >
        <option value="">{policies.isPending ? "Loading policies…" : required ? "Choose a policy" : "No policy"}</option>
        {active.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} (severity {p.severity})
          </option>
        ))}
      </select>
      {policies.isError && (
        <InlineError as="span" className="mt-1 block text-xs text-red-700" retryLabel="Try again" onRetry={() => void policies.refetch()}>
          The policies could not be loaded.
        </InlineError>
      )}
    </label>
  );
}

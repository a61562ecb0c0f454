"use client";
import { useQuery } from "@tanstack/react-query";
import { useState, useSyncExternalStore } from "react";
import { preLabel } from "@/lib/policies/model/pre-label";
import type { Policy } from "@/lib/policies/model/policy-schemas";
import { policiesOptions } from "@/lib/queries/policies";
import { teamSettingsOptions } from "@/lib/queries/settings";
import type { QueueItem } from "@/lib/review/model/review-schemas";

/** The policy this browser resolved with last, so the next decision starts from it. */
const LAST_USED_KEY = "dashboard.policy.lastUsed";
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const readLastUsed = () => {
  const stored = Number(window.localStorage.getItem(LAST_USED_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
};

/**
 * The policy each resolve in the queue is made under: what the moderator chose for the item, else
 * the policy its flags' reasons map to, else the one this browser used last. `required`: the team
 * says a resolve needs one. Shared by the rows, the details' picker and the keyboard (through
 * useQueueActions), so all three decide under the same policy.
 */
export function useDecisionPolicy() {
  const policies = useQuery(policiesOptions());
  const settings = useQuery(teamSettingsOptions());
  const [chosen, setChosen] = useState<ReadonlyMap<string, number | null>>(() => new Map());
  const lastUsed = useSyncExternalStore(subscribe, readLastUsed, () => null);
  const all = policies.data?.data ?? [];
  const active = (id: number | null | undefined) => all.find((p) => p.id === id && !p.archived);

  /** The policy the flags' reasons map to, or none. */
  const mapped = (item: QueueItem) => preLabel(item.flags.map((f) => f.reasonId), policies.data?.reasonMap ?? {}, all);

  return {
    required: settings.data?.data.requirePolicy ?? false,
    /** The policies are still loading: a decision waits for them rather than going out without one. */
    loading: policies.isPending || settings.isPending,
    byId: (id: number | null) => all.find((p) => p.id === id),
    mapped,
    /** What a resolve of this item names now (undefined: none). */
    preselected(item: QueueItem): Policy | undefined {
      if (chosen.has(item.id)) return active(chosen.get(item.id));
      return mapped(item) ?? active(lastUsed);
    },
    /** What a resolve of many items names: their common policy (chosen or mapped), else the one used last. */
    forMany(items: readonly QueueItem[]): Policy | undefined {
      const each = new Set(items.map((item) => (chosen.has(item.id) ? active(chosen.get(item.id)) : mapped(item))?.id));
      const [only] = each;
      return (each.size === 1 ? active(only) : undefined) ?? active(lastUsed);
    },
    /** The moderator picked a policy (or "No policy") for this item. */
    choose(itemId: string, policy: Policy | undefined) {
      setChosen((prev) => new Map(prev).set(itemId, policy?.id ?? null));
    },
    /** A resolve went out under this policy: the next item without a mapped one starts from it. */
    remember(policy: Policy) {
      window.localStorage.setItem(LAST_USED_KEY, String(policy.id));
      for (const listener of listeners) listener();
    },
  };
}

export type DecisionPolicies = ReturnType<typeof useDecisionPolicy>;

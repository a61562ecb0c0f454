import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { KnownReason, PolicyCreateBody, PolicyPatchBody, ReasonMapBody } from "@/lib/policies/model/policy-admin-schemas";
import type { PoliciesResponse, Policy } from "@/lib/policies/model/policy-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** Policies change rarely (an admin's edit invalidates them): read once a minute at most. */
export const policiesOptions = () =>
  queryOptions({ queryKey: queryKeys.policies.list(), queryFn: () => apiFetch<PoliciesResponse>("/api/policies"), staleTime: 60_000 });

/** Every flag reason known and the policy it points to (admins). */
export const knownReasonsOptions = () =>
  queryOptions({ queryKey: queryKeys.policies.reasons(), queryFn: () => apiFetch<{ data: KnownReason[] }>("/api/policies/reason-map") });

/** Every change an admin makes refreshes each picker's list and the map. */
function usePolicyMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.policies.all }) });
}

const send = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const useCreatePolicy = () => usePolicyMutation((body: PolicyCreateBody) => apiFetch<{ data: Policy }>("/api/policies", send("POST", body)));

export const useUpdatePolicy = () =>
  usePolicyMutation(({ id, ...patch }: PolicyPatchBody & { id: number }) => apiFetch<{ data: Policy }>(`/api/policies/${id}`, send("PATCH", patch)));

export const useSetReasonMap = () => usePolicyMutation((body: ReasonMapBody) => apiFetch<{ data: KnownReason[] }>("/api/policies/reason-map", send("PUT", body)));

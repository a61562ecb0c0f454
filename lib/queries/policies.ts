import { queryOptions } from "@tanstack/react-query";
import type { PoliciesResponse } from "@/lib/policies/model/policy-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** Policies change rarely (an admin's edit invalidates them): read once a minute at most. */
export const policiesOptions = () =>
  queryOptions({ queryKey: queryKeys.policies.list(), queryFn: () => apiFetch<PoliciesResponse>("/api/policies"), staleTime: 60_000 });

import { queryOptions } from "@tanstack/react-query";
import type { StrikeLedger } from "@/lib/strikes/model/strike-schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** A user's strike ledger and the recommendation it earns (a decision refreshes it: see review.ts). */
export const strikeLedgerOptions = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.strikes.ledger(uid),
    queryFn: () => apiFetch<{ data: StrikeLedger }>(`/api/users/${encodeURIComponent(uid)}/strikes`),
    staleTime: 30_000,
  });

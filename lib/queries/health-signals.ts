import type { QueryClient } from "@tanstack/react-query";
import { ApiClientError } from "./api-fetch";
import { queryKeys } from "./query-keys";

/**
 * Answers of the dashboard's API that mean the server's health changed (the key or app was
 * refused, the service went away). The server records them at once; asking for the health again
 * right away puts them in the header without waiting for its next poll.
 */
const HEALTH_CODES: ReadonlySet<string> = new Set([
  "ERR_UPSTREAM_KEY_REJECTED",
  "ERR_UPSTREAM_UNAVAILABLE",
  "ERR_UPSTREAM_CONNECTION_LOST",
  "ERR_UPSTREAM_TIMEOUT",
]);

export function refreshHealthAfter(queryClient: QueryClient, error: unknown): void {
  if (error instanceof ApiClientError && HEALTH_CODES.has(error.code)) void queryClient.invalidateQueries({ queryKey: queryKeys.health.all });
}

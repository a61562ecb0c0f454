import { MutationCache, QueryCache, QueryClient, isServer } from "@tanstack/react-query";
import { ApiClientError } from "./api-fetch";
import { refreshHealthAfter } from "./health-signals";
import { signInAgainOnUnauthorized } from "./sign-in-again";

function onApiError(queryClient: QueryClient, error: Error): void {
  signInAgainOnUnauthorized(error);
  refreshHealthAfter(queryClient, error);
}

/** How many times a failed read is asked again at once, before its error is shown. */
const READ_RETRIES = 2;

/**
 * Whether a failed read is asked again at once (React Query's `retry`). Never a 4xx, which asking
 * again will not change, and never the chat service's failure passed on (an `ERR_UPSTREAM_` code):
 * the dashboard's chat client already retried what is worth retrying, and a timeout already waited
 * its whole budget, so asking again only multiplied the calls upstream and kept the moderator
 * waiting for the error (three timeouts and two pauses for a service that hangs). A failure
 * between the browser and the dashboard (the network, a restarting instance) is asked again.
 * Either way a view left with an error keeps asking (lib/queries/recovery.ts).
 */
function retryRead(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiClientError && ((error.status >= 400 && error.status < 500) || error.code.startsWith("ERR_UPSTREAM_"))) return false;
  return failureCount < READ_RETRIES;
}

/** The one query client setup, shared by the server prefetch and the browser; a 401 sends the browser to sign-in. */
export function makeQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onApiError(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => onApiError(queryClient, error) }),
    defaultOptions: {
      queries: {
        // The queue's events stream counts on this being at most 5 s (SINCE_MARGIN_MS, lib/review/live/queue-event-stream.ts).
        staleTime: 5_000,
        retry: retryRead,
        refetchOnWindowFocus: !isServer,
      },
      dehydrate: { shouldDehydrateQuery: (query) => query.state.status === "success" },
    },
  });
  return queryClient;
}

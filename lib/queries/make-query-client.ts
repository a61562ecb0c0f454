import { MutationCache, QueryCache, QueryClient, isServer } from "@tanstack/react-query";
import { refreshHealthAfter } from "./health-signals";
import { retryRead } from "./recovery";
import { signInAgainOnUnauthorized } from "./sign-in-again";

function onApiError(queryClient: QueryClient, error: Error): void {
  signInAgainOnUnauthorized(error);
  refreshHealthAfter(queryClient, error);
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

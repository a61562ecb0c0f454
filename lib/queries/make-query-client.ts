import { QueryClient, isServer } from "@tanstack/react-query";
import { ApiClientError } from "./api-fetch";

/** The one query client setup, shared by the server prefetch and the browser. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        // A 4xx will not change by asking again; the chat client already retried upstream faults.
        retry: (failureCount, error) =>
          !(error instanceof ApiClientError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: !isServer,
      },
      dehydrate: { shouldDehydrateQuery: (query) => query.state.status === "success" },
    },
  });
}

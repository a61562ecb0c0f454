import { ApiClientError } from "./api-fetch";

/** How often a view whose last answer was a failure asks again, so it recovers by itself once the service is back. */
export const RECOVERY_POLL_MS = 5_000;

type QueryLike<T> = { state: { status: "pending" | "error" | "success"; data: T | undefined; error: unknown } };

/** A refusal that asking again will not change (a 404, a 403); a 429 and 5xx are worth asking again. */
const settledRefusal = (error: unknown) => error instanceof ApiClientError && error.status >= 400 && error.status < 500 && error.status !== 429;

/** How many times a failed read is asked again at once, before its error is shown. */
const READ_RETRIES = 2;

/**
 * Whether a failed read is asked again at once (React Query's `retry`). Never a 4xx, which asking
 * again will not change, and never the chat service's failure passed on (an `ERR_UPSTREAM_` code):
 * the dashboard's chat client already retried what is worth retrying, and a timeout already waited
 * its whole budget, so asking again only multiplied the calls upstream and kept the moderator
 * waiting for the error (three timeouts and two pauses for a service that hangs). A failure
 * between the browser and the dashboard (the network, a restarting instance) is asked again.
 * Either way a view left with an error keeps asking every RECOVERY_POLL_MS.
 */
export function retryRead(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiClientError && ((error.status >= 400 && error.status < 500) || error.code.startsWith("ERR_UPSTREAM_"))) return false;
  return failureCount < READ_RETRIES;
}

/**
 * A refetchInterval: `healthyMs` normally (false = never), RECOVERY_POLL_MS while the last answer
 * was an error or, by `failed`, data that carries one (the queue answers with its stored items and
 * the chat service's failure).
 */
export function pollUntilRecovered<T>(healthyMs: number | false, failed: (data: T) => boolean = () => false) {
  return (query: QueryLike<T>): number | false => {
    const { status, data, error } = query.state;
    if (status === "error") return settledRefusal(error) ? healthyMs : RECOVERY_POLL_MS;
    return data !== undefined && failed(data) ? RECOVERY_POLL_MS : healthyMs;
  };
}

import { ApiClientError } from "./api-fetch";

/** How often a view whose last answer was a failure asks again, so it recovers by itself once the service is back. */
export const RECOVERY_POLL_MS = 5_000;

type QueryLike<T> = { state: { status: "pending" | "error" | "success"; data: T | undefined; error: unknown } };

/** A refusal that asking again will not change (a 404, a 403); a 429 and 5xx are worth asking again. */
const settledRefusal = (error: unknown) => error instanceof ApiClientError && error.status >= 400 && error.status < 500 && error.status !== 429;

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

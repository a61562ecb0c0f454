/** An error answer of the dashboard's API, as the browser sees it. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

type ErrorEnvelope = { error: { code: string; message: string } };

function isErrorEnvelope(json: unknown): json is ErrorEnvelope {
  if (typeof json !== "object" || json === null || !("error" in json)) return false;
  const error: unknown = json.error;
  return typeof error === "object" && error !== null && "code" in error && "message" in error && typeof error.code === "string" && typeof error.message === "string";
}

/**
 * Calls the dashboard's own API. Every failure becomes an ApiClientError with a message a
 * moderator can act on, including a network failure. The answer is typed, not parsed again: the
 * route handlers already validated what the chat service sent against the contract and shaped the
 * answer from the same zod schemas, and keeping zod out of the browser keeps every page small.
 */
export async function apiFetch<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { accept: "application/json", ...(init?.body ? { "content-type": "application/json" } : {}), ...init?.headers },
    });
  } catch {
    throw new ApiClientError(0, "ERR_NETWORK", "The dashboard could not be reached. Check your connection and try again.");
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get("retry-after") ?? NaN);
    const error = isErrorEnvelope(json) ? json.error : { code: "ERR_HTTP", message: `The dashboard answered with HTTP ${response.status}.` };
    throw new ApiClientError(response.status, error.code, error.message, Number.isFinite(retryAfter) ? retryAfter : undefined);
  }
  if (typeof json !== "object" || json === null) throw new ApiClientError(response.status, "ERR_BAD_RESPONSE", "The dashboard sent an unexpected response.");
  return json as T;
}

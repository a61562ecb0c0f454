import { jsonOrUndefined } from "./json-body";

/** An error answer of the dashboard's API, as the browser sees it. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
    /** The chat service's messages per field of the request, when it refused one (see fieldErrors). */
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

type ErrorEnvelope = { error: { code: string; message: string; details?: unknown } };

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
  let json: unknown;
  try {
    response = await fetch(path, {
      ...init,
      headers: { accept: "application/json", ...(init?.body ? { "content-type": "application/json" } : {}), ...init?.headers },
    });
    json = await jsonOrUndefined(response);
  } catch {
    throw new ApiClientError(0, "ERR_NETWORK", "The dashboard could not be reached. Check your connection and try again.");
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get("retry-after") ?? NaN);
    const error = isErrorEnvelope(json) ? json.error : { code: "ERR_HTTP", message: `The dashboard answered with HTTP ${response.status}.` };
    throw new ApiClientError(response.status, error.code, error.message, Number.isFinite(retryAfter) ? retryAfter : undefined, fieldDetails("details" in error ? error.details : undefined));
  }
  if (typeof json !== "object" || json === null) throw new ApiClientError(response.status, "ERR_BAD_RESPONSE", "The dashboard sent an unexpected response.");
  return json as T;
}

/** Only string lists per field survive: the details are shown beside form fields as text. */
function fieldDetails(value: unknown): Record<string, string[]> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === "string").slice(0, 5);
  }
  return Object.keys(out).length ? out : undefined;
}

/** The service's messages for one field of a refused request, joined for display; undefined when there are none. */
export function fieldErrors(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiClientError)) return undefined;
  const messages = error.details?.[field];
  return messages?.length ? messages.join(" ") : undefined;
}

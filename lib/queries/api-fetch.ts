import { z } from "zod";

const errorEnvelopeSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

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

/**
 * Calls the dashboard's own API and parses the answer with the given schema. Every failure becomes
 * an ApiClientError with a message a moderator can act on, including a network failure.
 */
export async function apiFetch<S extends z.ZodType>(path: string, schema: S, init?: RequestInit): Promise<z.infer<S>> {
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
    const envelope = errorEnvelopeSchema.safeParse(json);
    const retryAfter = Number(response.headers.get("retry-after") ?? NaN);
    throw new ApiClientError(
      response.status,
      envelope.success ? envelope.data.error.code : "ERR_HTTP",
      envelope.success ? envelope.data.error.message : `The dashboard answered with HTTP ${response.status}.`,
      Number.isFinite(retryAfter) ? retryAfter : undefined,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiClientError(response.status, "ERR_BAD_RESPONSE", "The dashboard sent an unexpected response.");
  return parsed.data;
}

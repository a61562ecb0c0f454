import { jsonOrUndefined } from "@/lib/queries/json-body";

export type AuthResult<T> = { data: T; error?: undefined } | { data?: undefined; error: { status: number; message?: string } };

/**
 * One POST to the auth library's HTTP endpoints (/api/auth/...), answered in the library's own
 * `{ data, error }` form. Plain fetch rather than the library's browser client, which would add
 * about 13 kB to every page that signs in or out.
 */
export async function authRequest<T>(path: string, body: unknown): Promise<AuthResult<T>> {
  let response: Response;
  let json: unknown;
  try {
    response = await fetch(`/api/auth${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    json = await jsonOrUndefined(response);
  } catch {
    return { error: { status: 0, message: "The dashboard could not be reached. Check your connection and try again." } };
  }
  if (!response.ok) {
    const message = typeof json === "object" && json !== null && "message" in json && typeof json.message === "string" ? json.message : undefined;
    return { error: { status: response.status, message } };
  }
  return { data: json as T };
}

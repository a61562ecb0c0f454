/**
 * The chat service's refusals of the dashboard's own configuration. Its error guide names the
 * codes (AUTH_ERR_EMPTY_APIKEY, AUTH_ERR_APIKEY_NOT_FOUND, AUTH_ERR_NO_ACCESS, AUTH_ERR_INVALID_APPID)
 * but no HTTP status, so the code decides, whatever the status. Browser-safe: the header's health
 * warning and the API's error messages use the same words.
 */
export type KeyRefusal = "rejected" | "scope" | "app";

export function keyRefusalOf(code: string): KeyRefusal | undefined {
  if (!code.startsWith("AUTH_ERR_")) return undefined;
  if (code === "AUTH_ERR_NO_ACCESS") return "scope";
  if (code === "AUTH_ERR_INVALID_APPID") return "app";
  return "rejected";
}

const problems: Record<KeyRefusal, string> = {
  rejected: "the key was rejected (CHAT_API_KEY is missing or not a key of this app)",
  scope: "the key lacks the scope it needs (CHAT_API_KEY must be a fullAccess key)",
  app: "the app ID was not accepted (check CHAT_APP_ID and CHAT_REGION, or CHAT_BASE_URL)",
};

export function keyRefusalProblem(refusal: KeyRefusal): string {
  return problems[refusal];
}

/** The header's words: the fix is in the configuration, not in the moderator's hands. */
export function keyRefusalHealthMessage(refusal: KeyRefusal): string {
  return `Configuration problem: ${problems[refusal]}. An admin needs to fix the dashboard's settings.`;
}

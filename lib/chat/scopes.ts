/** The contract's API key scopes, declared once: the zod schema and the browser's scope filter use it. */
export const API_KEY_SCOPES = ["fullAccess", "authOnly"] as const;

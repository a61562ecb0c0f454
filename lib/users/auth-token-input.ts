/** Rules of an auth-token update that the form checks before sending and the API checks again. */
export const NOTHING_TO_UPDATE = "give at least one of platform, userAgent, appInfo";
export const MAX_APP_INFO_BYTES = 8 * 1024;
export const APP_INFO_TOO_LARGE = `appInfo is larger than ${MAX_APP_INFO_BYTES / 1024} KiB`;
export const hasSomethingToUpdate = (body: object) => Object.keys(body).length > 0;
export const appInfoFits = (appInfo: unknown) => JSON.stringify(appInfo ?? {}).length <= MAX_APP_INFO_BYTES;

export type AppInfoResult = { ok: true; value: Record<string, unknown> | undefined } | { ok: false; message: string };

/**
 * The app-info editor's text as the object the API expects. Blank means "leave it unchanged";
 * anything that is not a JSON object is refused here, before a request is sent.
 */
export function parseAppInfo(text: string): AppInfoResult {
  if (text.trim() === "") return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `App info is not valid JSON: ${error instanceof Error ? error.message : "it could not be read"}.` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, message: 'App info must be a JSON object, such as {"version": "4.2.1"}.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** Enough of a token to recognise it on screen; the rest is a credential and stays off it. */
export function shortToken(token: string): string {
  return token.length <= 14 ? `…${token.slice(-4)}` : `${token.slice(0, 6)}…${token.slice(-4)}`;
}

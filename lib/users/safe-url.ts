/**
 * URLs from the chat service are untrusted: a `link` may be `javascript:…`. Only these checks decide
 * whether one becomes an href or an img src; anything they refuse is shown as text or not at all.
 */

function parse(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The URL, normalised, when it is http: or https:; otherwise undefined. */
export function safeLinkUrl(value: string | undefined): string | undefined {
  const url = parse(value);
  return url && (url.protocol === "http:" || url.protocol === "https:") ? url.href : undefined;
}

/** Like safeLinkUrl, but also a `data:image/…` URI (the service may inline small avatars). */
export function safeAvatarUrl(value: string | undefined): string | undefined {
  const url = parse(value);
  if (url?.protocol === "data:") return /^image\/[a-z0-9.+-]+[;,]/i.test(url.pathname) ? url.href : undefined;
  return safeLinkUrl(value);
}

/** The dashboard's route that fetches a picture through the media checks (app/api/media/avatar). */
export const AVATAR_ROUTE = "/api/media/avatar";

/**
 * Where the browser loads an avatar or a group icon from. A chat user chooses that URL, so an
 * http(s) one goes through the dashboard's checked media route and the browser never contacts its
 * host; a `data:image/` URI is already in the page. Anything else: no picture (initials).
 */
export function pictureSrc(value: string | undefined): string | undefined {
  const safe = safeAvatarUrl(value);
  if (!safe || safe.startsWith("data:")) return safe;
  return `${AVATAR_ROUTE}?url=${encodeURIComponent(safe)}`;
}

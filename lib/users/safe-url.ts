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

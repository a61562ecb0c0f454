/**
 * Where sign-in sends a staff member afterwards: the page they were on when their session ended.
 * Only a path on this dashboard is taken, so a crafted sign-in link cannot send anyone elsewhere:
 * it starts with one "/" (not "//host", which browsers read as another site), has no backslash
 * (which browsers read as "/") and no control character, and is not sign-in itself or the API.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2048 || !value.startsWith("/") || value.startsWith("//")) return undefined;
  if (value.includes("\\") || /[\u0000-\u001f\u007f]/.test(value)) return undefined;
  const url = new URL(value, "http://dashboard.invalid");
  if (url.origin !== "http://dashboard.invalid" || url.pathname === "/sign-in" || url.pathname.startsWith("/api/")) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in page's address that returns to `path` (this page's own, in the proxy and the browser)
 * afterwards; none for the queue, where sign-in goes anyway. The sign-in page checks it with
 * safeReturnPath before going there.
 */
export function signInPath(path: string): string {
  return path === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(path)}`;
}

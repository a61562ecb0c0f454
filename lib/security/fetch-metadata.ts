/**
 * Whether a request that would change something on a GET (an audited export, a recorded page
 * view) comes from another site: a link, an image or a form there, which the browser sends with
 * the session cookie (SameSite=Lax lets top-level navigations through).
 *
 * Browsers mark every request with Sec-Fetch-Site: `same-origin` from the dashboard's own pages,
 * `none` when the user typed the address or opened a bookmark; anything else is another site. A
 * request without it is a non-browser client (curl, scripts: they hold the cookie themselves, so
 * there is nothing to forge) or a browser that does not send fetch metadata to this origin (plain
 * http to a host other than localhost): then a Referer from another origin still gives it away.
 */
export function isCrossSiteRequest(headers: Headers, appOrigin: string): boolean {
  const site = headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  const referer = headers.get("referer");
  return referer !== null && originOf(referer) !== appOrigin;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The UID in a `/users/[uid]` address. Links encode it as one path segment and the page receives
 * it still encoded, so it is decoded exactly once; a malformed escape is taken as typed.
 */
export function uidFromParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

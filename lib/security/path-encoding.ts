/**
 * Whether a raw (still encoded) URL path has a percent-encoding that does not decode: a `%` not
 * followed by two hex digits, or bytes that are not UTF-8. Next decodes route parameters itself
 * and answers such a path with a bare 500 before any of our code runs, so proxy.ts checks first.
 */
export function hasInvalidPercentEncoding(rawPath: string): boolean {
  try {
    decodeURIComponent(rawPath);
    return false;
  } catch {
    return true;
  }
}

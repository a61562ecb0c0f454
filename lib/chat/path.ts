/**
 * Fills a path template's `:name` segments (`/users/:uid/friends`), each value as exactly one
 * percent-encoded segment, so an id such as `a/b`, `x?y` or `..` can never address another path
 * of the service.
 */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const value = params[segment.slice(1)];
      // The operations table's types require every parameter; a missing one is a bug, not an empty segment.
      if (value === undefined) throw new Error(`No value for ${segment} in ${template}`);
      return encodeSegment(value);
    })
    .join("/");
}

export function encodeSegment(value: string): string {
  const encoded = encodeURIComponent(value);
  // "." and ".." survive encodeURIComponent and would be read as dot-segments by URL resolvers.
  return /^\.+$/.test(value) ? encoded.replace(/\./g, "%2E") : encoded;
}

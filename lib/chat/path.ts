/**
 * Builds a path whose interpolated values are each exactly one percent-encoded segment, so an id
 * such as `a/b`, `x?y` or `..` can never address another path of the service.
 */
export function chatPath(strings: TemplateStringsArray, ...values: string[]): string {
  return strings.reduce((path, literal, i) => path + literal + (i < values.length ? encodeSegment(values[i] ?? "") : ""), "");
}

export function encodeSegment(value: string): string {
  const encoded = encodeURIComponent(value);
  // "." and ".." survive encodeURIComponent and would be read as dot-segments by URL resolvers.
  return /^\.+$/.test(value) ? encoded.replace(/\./g, "%2E") : encoded;
}

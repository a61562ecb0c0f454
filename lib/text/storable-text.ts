/**
 * PostgreSQL (and PGlite) refuse NUL in text and jsonb, and UTF-16 surrogates without their pair
 * in jsonb: one such character from the chat service used to fail the whole flagged-list sync, a
 * user's page, and every write of the service's error text. They become U+FFFD, which the pages
 * show as a visible replacement character.
 */
export function storableText(text: string): string {
  if (text.isWellFormed() && !text.includes("\u0000")) return text;
  return text.toWellFormed().replaceAll("\u0000", "\ufffd");
}

/** At most `max` UTF-16 units of `text`, never ending in half a surrogate pair (which would not be storable). */
export function cutText(text: string, max: number): string {
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** `value` with every string in it (object keys too) made storable; other values unchanged. */
export function storable<T>(value: T): T {
  if (typeof value === "string") return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [storableText(key), storable(v)])) as T;
  }
  return value;
}

/**
 * JSON text can hold NUL or a lone surrogate only as a `\u` escape (raw control characters are not
 * JSON, and decoding UTF-8 never yields a lone surrogate), so text without such an escape needs no walk.
 */
const UNSTORABLE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * Parses JSON text from the chat service with every string in it made storable: the one step that
 * all of the service's text passes before anything can write it to the database (the flagged list,
 * user names, error messages). Undefined when the text is not JSON.
 */
export function parseStorableJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return UNSTORABLE_ESCAPE.test(text) ? storable(value) : value;
}

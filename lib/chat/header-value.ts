/**
 * Whether a value can travel in an HTTP header as itself: printable ASCII only. UIDs may hold any
 * letter (the real service documents "letters"), but a header carries bytes, and undici refuses
 * anything above U+00FF outright; Latin-1 letters would arrive as other characters.
 */
export function fitsInHeader(value: string): boolean {
  return /^[\x20-\x7e]+$/.test(value);
}

/** A long code in groups of four, so it can be read and typed a piece at a time. */
export function groupForTyping(code: string): string {
  return code.match(/.{1,4}/g)?.join(" ") ?? "";
}

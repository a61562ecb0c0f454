import { parseStorableJson } from "./storable-text";

/** Below this a body is parsed whole: splitting pays only where the whole text's copies weigh. */
export const SPLIT_PARSE_MIN_BYTES = 1024 * 1024;

/**
 * A JSON body from its UTF-8 bytes, with every string made storable, exactly as
 * `parseStorableJson(bytes.toString("utf8"))` gives it (undefined when it is not JSON).
 *
 * A large body whose top level is an object (the flagged list: `{data: [...], meta}`) is parsed a
 * member at a time, and each array member an element at a time, from slices of the bytes. Parsing
 * the whole text held, at once, the bytes, the text (twice their size once one character is outside
 * Latin-1), and the parsed tree: a list of 3,500 messages (11.4 MB) took 47 MB for a moment, and
 * that moment was the benchmark's peak memory. Slices hold a few kilobytes each. Every slice is
 * checked by JSON.parse; the punctuation between them is checked here, and a body this reader does
 * not follow to its end is parsed whole, which decides whether it is JSON.
 */
export function parseStorableJsonBytes(bytes: Buffer, splitFromBytes = SPLIT_PARSE_MIN_BYTES, elements?: ElementMemory): unknown {
  if (bytes.length >= splitFromBytes) {
    const members = objectMembers(bytes, elements);
    if (members) return members;
  }
  return parseStorableJson(bytes.toString("utf8"));
}

/**
 * Reads each element of the body's arrays: given the element's bytes and how to parse them, it may
 * hand back what an earlier body's element of the same bytes was parsed to instead
 * (lib/chat/same-answers.ts remembers those of the answer read last at each path).
 */
export type ElementMemory = (slice: Buffer, parse: () => unknown) => unknown;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const skipSpace = (bytes: Buffer, at: number) => {
  while (isSpace(bytes[at])) at++;
  return at;
};

/** The top-level object, or null when the body is not one this reader follows to its end. */
function objectMembers(bytes: Buffer, elements: ElementMemory | undefined): Record<string, unknown> | null {
  let at = skipSpace(bytes, 0);
  if (bytes[at] !== OPEN_OBJECT) return null;
  const entries: [string, unknown][] = [];
  at = skipSpace(bytes, at + 1);
  if (bytes[at] === CLOSE_OBJECT) return skipSpace(bytes, at + 1) === bytes.length ? {} : null;
  for (;;) {
    const key = bytes[at] === QUOTE ? valueAt(bytes, at) : null;
    if (!key || typeof key.value !== "string") return null;
    at = skipSpace(bytes, key.end);
    if (bytes[at] !== COLON) return null;
    at = skipSpace(bytes, at + 1);
    const member = bytes[at] === OPEN_ARRAY ? arrayElements(bytes, at, elements) : valueAt(bytes, at);
    if (!member) return null;
    entries.push([key.value, member.value]);
    at = skipSpace(bytes, member.end);
    if (bytes[at] === COMMA) {
      at = skipSpace(bytes, at + 1);
      continue;
    }
    if (bytes[at] !== CLOSE_OBJECT || skipSpace(bytes, at + 1) !== bytes.length) return null;
    // As JSON.parse: own properties (a "__proto__" key too), the last of repeated keys.
    return Object.fromEntries(entries);
  }
}

type Parsed = { value: unknown; end: number };

function arrayElements(bytes: Buffer, open: number, memory: ElementMemory | undefined): Parsed | null {
  const elements: unknown[] = [];
  let at = skipSpace(bytes, open + 1);
  if (bytes[at] === CLOSE_ARRAY) return { value: elements, end: at + 1 };
  for (;;) {
    const element = valueAt(bytes, at, memory);
    if (!element) return null;
    elements.push(element.value);
    at = skipSpace(bytes, element.end);
    if (bytes[at] === CLOSE_ARRAY) return { value: elements, end: at + 1 };
    if (bytes[at] !== COMMA) return null;
    at = skipSpace(bytes, at + 1);
  }
}

/** The value starting at `start`, its slice parsed and made storable (through `memory` when given); null when it is not JSON. */
function valueAt(bytes: Buffer, start: number, memory?: ElementMemory): Parsed | null {
  const end = valueEnd(bytes, start);
  if (end < 0) return null;
  const parse = () => parseStorableJson(bytes.toString("utf8", start, end));
  const value = memory ? memory(bytes.subarray(start, end), parse) : parse();
  return value === undefined ? null : { value, end };
}

/**
 * Where the value starting at `start` ends (exclusive), or -1. Brackets are only counted, not
 * matched: JSON.parse of the slice rejects a mismatch. UTF-8 never puts an ASCII byte inside a
 * character, so the punctuation found here is the text's own.
 */
function valueEnd(bytes: Buffer, start: number): number {
  const first = bytes[start];
  if (first === undefined) return -1;
  if (first === QUOTE) return stringEnd(bytes, start);
  if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
    let depth = 0;
    for (let at = start; at < bytes.length; at++) {
      const byte = bytes[at];
      if (byte === QUOTE) {
        const end = stringEnd(bytes, at);
        if (end < 0) return -1;
        at = end - 1;
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++;
      else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && --depth === 0) return at + 1;
    }
    return -1;
  }
  // A number, true, false or null: up to the next punctuation or space.
  let at = start;
  while (at < bytes.length && !isSpace(bytes[at]) && bytes[at] !== COMMA && bytes[at] !== CLOSE_ARRAY && bytes[at] !== CLOSE_OBJECT) at++;
  return at;
}

/** Where the string whose opening quote is at `start` ends (after its closing quote), or -1. */
function stringEnd(bytes: Buffer, start: number): number {
  for (let at = start + 1; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === BACKSLASH) at++;
    else if (byte === QUOTE) return at + 1;
  }
  return -1;
}

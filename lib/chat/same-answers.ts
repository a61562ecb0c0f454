import { createHash } from "node:crypto";
import type { ElementMemory } from "@/lib/text/json-bytes";

/**
 * The last answer of each read (by path), kept as its bytes and the value parsed from them. A read
 * whose answer is byte for byte the last one is not decoded, parsed or validated again: the flagged
 * list is about 160 kB that rarely changes between polls, and decoding and validating it cost more
 * than the call itself. Each caller still gets an envelope of its own (callers key per-fetch state
 * on it, like the fetch time), holding the same members, which are frozen because callers share them.
 *
 * An answer that differs is parsed again, but the elements of its arrays whose bytes are the same as
 * in the last answer at that path are handed back as they were parsed then (lib/text/json-bytes.ts,
 * for answers read a piece at a time): under fifty moderators decisions change the flagged list's
 * first page at most syncs, and reading its 1,000 messages again, checking and hashing them, took
 * the syncing instance about 100 ms a sync where a handful had changed.
 *
 * What is kept is bounded by the answers' bytes as well as their number: the sync reads a long
 * list a page at a time (about 3.6 MB of JSON per 1,000 items), and keeping every page with its
 * parsed value held 170 MB on the syncing instance at 20,000 items. The least recently used
 * answer goes first, so the list's first page, read at every sync, stays; an answer larger than
 * the whole budget is not kept. Its elements' parsed values are mostly the value's own strings.
 */
export const SAME_ANSWERS_MAX_BYTES = 8 * 1024 * 1024;

export function createSameAnswers(maxEntries = 1_000, maxBytes = SAME_ANSWERS_MAX_BYTES) {
  const last = new Map<string, { bytes: Buffer; value: object; elements: Map<string, unknown> }>();
  let keptBytes = 0;

  const forget = (key: string) => {
    const known = last.get(key);
    if (!known) return;
    keptBytes -= known.bytes.byteLength;
    last.delete(key);
  };

  return {
    /** `parse` runs only for new bytes, with what the last answer at `key` parsed; what it throws is thrown and nothing is kept. */
    parse<T extends object>(key: string, bytes: Buffer, parse: (elements: ElementMemory | undefined) => T): T {
      const known = last.get(key);
      if (known?.bytes.equals(bytes)) {
        // Used again: it moves to the end, the last to be forgotten.
        last.delete(key);
        last.set(key, known);
        return { ...known.value } as T;
      }
      // An answer over the budget is never kept, so neither are its elements: they are not hashed.
      const keepable = bytes.byteLength <= maxBytes;
      // Elements by a digest of their bytes: hashing 1,000 messages costs a fifth of parsing them.
      const elements = new Map<string, unknown>();
      const memory: ElementMemory = (slice, parseElement) => {
        const id = createHash("sha256").update(slice).digest("base64");
        const element = known?.elements.get(id) ?? parseElement();
        if (element !== undefined) elements.set(id, element);
        return element;
      };
      const value = deepFreeze(parse(keepable ? memory : undefined));
      forget(key);
      if (!keepable) return { ...value };
      while (last.size > 0 && (last.size >= maxEntries || keptBytes + bytes.byteLength > maxBytes)) forget(last.keys().next().value as string);
      last.set(key, { bytes, value, elements });
      keptBytes += bytes.byteLength;
      return { ...value };
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const member of Object.values(value)) deepFreeze(member);
  return Object.freeze(value);
}

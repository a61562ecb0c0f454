/**
 * The last answer of each read (by path), kept as its bytes and the value parsed from them. A read
 * whose answer is byte for byte the last one is not decoded, parsed or validated again: the flagged
 * list is about 160 kB that rarely changes between polls, and decoding and validating it cost more
 * than the call itself. Each caller still gets an envelope of its own (callers key per-fetch state
 * on it, like the fetch time), holding the same members, which are frozen because callers share them.
 */
export function createSameAnswers(maxEntries = 1_000) {
  const last = new Map<string, { bytes: Buffer; value: object }>();

  return {
    /** `parse` runs only for new bytes; what it throws is thrown and nothing is kept. */
    parse<T extends object>(key: string, bytes: Buffer, parse: () => T): T {
      const known = last.get(key);
      if (known?.bytes.equals(bytes)) return { ...known.value } as T;
      const value = deepFreeze(parse());
      last.delete(key);
      if (last.size >= maxEntries) last.delete(last.keys().next().value as string);
      last.set(key, { bytes, value });
      return { ...value };
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const member of Object.values(value)) deepFreeze(member);
  return Object.freeze(value);
}

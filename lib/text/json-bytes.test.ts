import { describe, expect, it } from "vitest";
import { parseStorableJsonBytes, type ElementMemory } from "./json-bytes";
import { parseStorableJson } from "./storable-text";

/** Every body is read twice: split (from its first byte) and whole; both must be what JSON.parse gives. */
const both = (text: string) => {
  const bytes = Buffer.from(text, "utf8");
  const split = parseStorableJsonBytes(bytes, 0);
  expect(split).toEqual(parseStorableJson(text));
  expect(parseStorableJsonBytes(bytes)).toEqual(split);
  return split;
};

const message = (i: number) => ({
  id: String(i),
  text: `ünïcödé 🧪 "quoted" back\\slash \n [brackets] {braces} , : ${"x".repeat(i % 7)}`,
  data: { entities: { sender: { entity: { uid: `u-${i}`, tags: [] } } }, n: [1.5e3, -1, true, false, null] },
});

describe("a JSON body parsed a member and an element at a time", () => {
  it("hands each array element's bytes to a memory, which may answer with what it parsed before", () => {
    const parsedBefore = new Map<string, unknown>();
    const memory: ElementMemory = (slice, parse) => {
      const text = slice.toString("utf8");
      if (!parsedBefore.has(text)) parsedBefore.set(text, parse());
      return parsedBefore.get(text);
    };
    const body = (texts: string[]) => Buffer.from(JSON.stringify({ data: texts.map((text, i) => ({ id: i, text })), meta: { count: texts.length } }));
    const first = parseStorableJsonBytes(body(["a", "b", "ünï"]), 0, memory) as { data: object[] };
    const second = parseStorableJsonBytes(body(["a", "changed", "ünï"]), 0, memory) as { data: object[] };
    expect(second).toEqual({ data: [{ id: 0, text: "a" }, { id: 1, text: "changed" }, { id: 2, text: "ünï" }], meta: { count: 3 } });
    expect(second.data[0]).toBe(first.data[0]);
    expect(second.data[1]).not.toBe(first.data[1]);
    expect(second.data[2]).toBe(first.data[2]);
  });

  it("gives what JSON.parse of the whole text gives, for a list with every kind of value", () => {
    const body = { data: Array.from({ length: 300 }, (_, i) => message(i)), meta: { current: { limit: 300, count: 300 } }, empty: [], nested: [[1, [2]], { a: [] }] };
    expect(both(JSON.stringify(body))).toEqual(body);
    expect(both(JSON.stringify(body, null, 2))).toEqual(body);
    expect(both(` \r\n\t{ "data" : [ 1 , "two" , { } , [ ] ] , "n" : -1.5e-3 , "s" : "a" } \n`)).toEqual({ data: [1, "two", {}, []], n: -1.5e-3, s: "a" });
    expect(both("{}")).toEqual({});
  });

  it("keeps JSON.parse's rules for keys: a __proto__ key is an own property, a repeated key keeps its last value", () => {
    const split = both('{"__proto__":[{"polluted":true}],"a":[1],"a":[2]}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(split)).toBe(Object.prototype);
    expect(Object.keys(split)).toEqual(["__proto__", "a"]);
    expect(split.a).toEqual([2]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("makes NUL and lone surrogates storable in values and keys, as the whole parse does", () => {
    expect(both('{"data":[{"text":"a\\u0000b\\ud800c"}],"k\\u0000":"\\udfff"}')).toEqual({ data: [{ text: "a\ufffdb\ufffdc" }], "k\ufffd": "\ufffd" });
  });

  it("reads a body that is not an object whole, and answers undefined for anything that is not JSON", () => {
    expect(both("[1,2]")).toEqual([1, 2]);
    expect(both('"text"')).toBe("text");
    for (const broken of [
      '{"data":[1,2,]}',
      '{"data":[1,2}',
      '{"data":[{"a":1]]}',
      '{"data":[1] "meta":{}}',
      '{"data":"unterminated}',
      '{"data":[1]}}',
      '{"data":[1]} x',
      '{data:[1]}',
      '{"data":[01]}',
      '{"data":[1],}',
      '{"a" 1}',
      "",
      "{",
    ]) {
      expect(parseStorableJsonBytes(Buffer.from(broken), 0), broken).toBeUndefined();
    }
  });

  it("cuts a multi-byte character nowhere: a body with invalid UTF-8 reads as the whole text's decoding does", () => {
    const bytes = Buffer.concat([Buffer.from('{"data":["a'), Buffer.from([0xe2, 0x82]), Buffer.from('b","é"]}')]);
    expect(parseStorableJsonBytes(bytes, 0)).toEqual(parseStorableJson(bytes.toString("utf8")));
  });
});

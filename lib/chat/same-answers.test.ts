import { describe, expect, it } from "vitest";
import { parseStorableJsonBytes } from "@/lib/text/json-bytes";
import { createSameAnswers } from "./same-answers";

const answer = (text: string) => Buffer.from(JSON.stringify({ data: [{ text }], meta: { count: 1 } }));

function counted() {
  let calls = 0;
  const parse = (bytes: Buffer) => () => {
    calls += 1;
    return JSON.parse(bytes.toString("utf8")) as { data: { text: string }[]; meta: { count: number } };
  };
  return { parse, calls: () => calls };
}

describe("answers the same as the last one", () => {
  it("are parsed once, and each caller gets an envelope of its own around the same members", () => {
    const answers = createSameAnswers();
    const { parse, calls } = counted();
    const first = answers.parse("/list", answer("héllo 👋"), parse(answer("héllo 👋")));
    const second = answers.parse("/list", answer("héllo 👋"), parse(answer("héllo 👋")));
    expect(calls()).toBe(1);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second.data).toBe(first.data);
  });

  it("are parsed again when a single byte differs, or at another path", () => {
    const answers = createSameAnswers();
    const { parse, calls } = counted();
    answers.parse("/list", answer("a"), parse(answer("a")));
    const changed = answers.parse("/list", answer("b"), parse(answer("b")));
    expect(changed.data[0]?.text).toBe("b");
    answers.parse("/other", answer("b"), parse(answer("b")));
    expect(calls()).toBe(3);
  });

  it("keep nothing from a parse that throws: the next identical answer is parsed again", () => {
    const answers = createSameAnswers();
    const bad = Buffer.from("{ not json");
    const refuse = () => {
      throw new Error("not the contract");
    };
    expect(() => answers.parse("/list", bad, refuse)).toThrow("not the contract");
    expect(() => answers.parse("/list", bad, refuse)).toThrow("not the contract");
  });

  it("freeze the shared members, so one caller cannot change what the others hold", () => {
    const answers = createSameAnswers();
    const { parse } = counted();
    const value = answers.parse("/list", answer("a"), parse(answer("a")));
    expect(() => value.data.push({ text: "b" })).toThrow(TypeError);
    expect(() => {
      (value.data[0] as { text: string }).text = "changed";
    }).toThrow(TypeError);
    // The envelope is the caller's own.
    value.meta = { count: 2 };
    expect(answers.parse("/list", answer("a"), parse(answer("a"))).meta).toEqual({ count: 1 });
  });

  it("that differ hand back the elements whose bytes are unchanged as they were parsed, at the same path only", () => {
    const answers = createSameAnswers();
    const list = (texts: string[]) => Buffer.from(JSON.stringify({ data: texts.map((text) => ({ text })) }));
    const read = (path: string, bytes: Buffer) => answers.parse(path, bytes, (elements) => parseStorableJsonBytes(bytes, 0, elements) as { data: { text: string }[] });
    const first = read("/list", list(["a", "b", "c"]));
    const second = read("/list", list(["new", "a", "c"]));
    expect(second.data.map((m) => m.text)).toEqual(["new", "a", "c"]);
    expect(second.data[1]).toBe(first.data[0]);
    expect(second.data[2]).toBe(first.data[2]);
    expect(Object.isFrozen(second.data[0])).toBe(true);
    // Only the last answer's elements: "b" is gone from it, and another path has its own.
    expect(read("/list", list(["b", "a"])).data[1]).toBe(first.data[0]);
    expect(read("/other", list(["a"])).data[0]).not.toBe(first.data[0]);
  });

  it("forget the oldest path beyond their limit", () => {
    const answers = createSameAnswers(2);
    const { parse, calls } = counted();
    for (const path of ["/a", "/b", "/c", "/a"]) answers.parse(path, answer("x"), parse(answer("x")));
    expect(calls()).toBe(4);
    answers.parse("/c", answer("x"), parse(answer("x")));
    expect(calls()).toBe(4);
  });

  it("keep at most their byte budget, forgetting the least recently used first", () => {
    // Each answer below is 42 bytes: a budget of 100 holds two.
    const answers = createSameAnswers(1_000, 100);
    const { parse, calls } = counted();
    const read = (path: string) => answers.parse(path, answer("x"), parse(answer("x")));
    read("/page-1");
    read("/page-2");
    read("/page-1"); // kept, and now the most recently used
    expect(calls()).toBe(2);
    read("/page-3"); // over the budget: /page-2, the least recently used, goes
    read("/page-1");
    expect(calls()).toBe(3);
    read("/page-2");
    expect(calls()).toBe(4);
  });

  it("do not keep an answer larger than the whole budget", () => {
    const answers = createSameAnswers(1_000, 10);
    const { parse, calls } = counted();
    answers.parse("/big", answer("x"), parse(answer("x")));
    answers.parse("/big", answer("x"), parse(answer("x")));
    expect(calls()).toBe(2);
  });
});

import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache";

type Who = { id: string } | null;

function counting(value: Who) {
  let calls = 0;
  return {
    load: async () => {
      calls++;
      return value;
    },
    calls: () => calls,
  };
}

describe("SessionCache", () => {
  it("reuses a session for its TTL and shares one lookup between concurrent callers", async () => {
    const cache = new SessionCache<Who>(1_000);
    const source = counting({ id: "u1" });
    const [a, b] = await Promise.all([cache.get("t", source.load, 0), cache.get("t", source.load, 0)]);
    expect(a).toEqual({ id: "u1" });
    expect(b).toBe(a);
    await cache.get("t", source.load, 999);
    expect(source.calls()).toBe(1);
    await cache.get("t", source.load, 1_000);
    expect(source.calls()).toBe(2);
  });

  it("forgets one token, or every token of one user, and nothing else", async () => {
    const cache = new SessionCache<Who>(60_000);
    const one = counting({ id: "u1" });
    const two = counting({ id: "u2" });
    await cache.get("a", one.load, 0);
    await cache.get("b", one.load, 0);
    await cache.get("c", two.load, 0);
    cache.forgetUser("u1");
    await cache.get("a", one.load, 1);
    await cache.get("b", one.load, 1);
    await cache.get("c", two.load, 1);
    expect([one.calls(), two.calls()]).toEqual([4, 1]);
    cache.forgetToken("c");
    await cache.get("c", two.load, 2);
    expect(two.calls()).toBe(2);
  });

  it("does not remember a failed lookup, and with a TTL of 0 always asks", async () => {
    const cache = new SessionCache<Who>(60_000);
    let fail = true;
    const load = async () => {
      if (fail) throw new Error("database down");
      return { id: "u1" };
    };
    await expect(cache.get("t", load, 0)).rejects.toThrow("database down");
    fail = false;
    await expect(cache.get("t", load, 1)).resolves.toEqual({ id: "u1" });

    const off = new SessionCache<Who>(0);
    const source = counting({ id: "u1" });
    await off.get("t", source.load, 0);
    await off.get("t", source.load, 0);
    expect(source.calls()).toBe(2);
  });

  it("stays within its size by dropping expired, then oldest entries", async () => {
    const cache = new SessionCache<Who>(10, 2);
    const source = counting({ id: "u1" });
    await cache.get("a", source.load, 0);
    await cache.get("b", source.load, 5);
    await cache.get("c", source.load, 12);
    await cache.get("b", source.load, 13);
    expect(source.calls()).toBe(3);
    await cache.get("a", source.load, 13);
    expect(source.calls()).toBe(4);
  });
});

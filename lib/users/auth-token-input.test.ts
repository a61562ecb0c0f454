import { describe, expect, it } from "vitest";
import { parseAppInfo, shortToken } from "./auth-token-input";

describe("parseAppInfo", () => {
  it("reads a JSON object", () => {
    expect(parseAppInfo('{"version": "4.2.1", "build": 1200}')).toEqual({ ok: true, value: { version: "4.2.1", build: 1200 } });
  });

  it("reads blank text as no change", () => {
    expect(parseAppInfo("  \n")).toEqual({ ok: true, value: undefined });
  });

  it.each(["{version: 1}", "{", "{'a': 1}", '{"a": 1,}'])("refuses invalid JSON %j, saying so", (text) => {
    const result = parseAppInfo(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^App info is not valid JSON/);
  });

  it.each(["[1, 2]", '"text"', "42", "null", "true"])("refuses JSON that is not an object: %s", (text) => {
    const result = parseAppInfo(text);
    expect(!result.ok && result.message).toMatch(/must be a JSON object/);
  });
});

describe("shortToken", () => {
  it("keeps the start and the last four characters of a long token", () => {
    expect(shortToken("ana-souza_0123456789abcdef0123456789abcdef")).toBe("ana-so…cdef");
  });

  it("shows only the last four of a short one", () => {
    expect(shortToken("abcdefgh")).toBe("…efgh");
  });
});

import { describe, expect, it } from "vitest";
import { metadataRows } from "./metadata-rows";

describe("metadataRows", () => {
  it("turns nested objects into dotted keys and keeps plain values as text", () => {
    expect(metadataRows({ plan: "pro", "@private": { email: "a@example.com" }, score: 3, vip: false, note: null })).toEqual([
      { key: "plan", value: "pro" },
      { key: "@private.email", value: "a@example.com" },
      { key: "score", value: "3" },
      { key: "vip", value: "false" },
      { key: "note", value: "null" },
    ]);
  });

  it("joins lists of plain values and shows anything else as JSON", () => {
    expect(metadataRows({ langs: ["pt", "en"], devices: [{ os: "ios" }], empty: {} })).toEqual([
      { key: "langs", value: "pt, en" },
      { key: "devices", value: '[{"os":"ios"}]' },
      { key: "empty", value: "{}" },
    ]);
  });

  it("stops descending after three levels", () => {
    expect(metadataRows({ a: { b: { c: { d: 1 } } } })).toEqual([{ key: "a.b.c", value: '{"d":1}' }]);
  });

  it("keeps markup as plain text for React to escape", () => {
    expect(metadataRows({ bio: "<script>alert('x')</script>" })).toEqual([{ key: "bio", value: "<script>alert('x')</script>" }]);
  });

  it("has no rows without metadata", () => {
    expect(metadataRows(undefined)).toEqual([]);
  });
});

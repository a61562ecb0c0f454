import { describe, expect, it } from "vitest";
import { chatPath } from "./path";

describe("chatPath", () => {
  it("encodes each value as exactly one segment", () => {
    expect(chatPath`/users/${"a/b"}/friends`).toBe("/users/a%2Fb/friends");
    expect(chatPath`/users/${"x?y#z"}`).toBe("/users/x%3Fy%23z");
    expect(chatPath`/users/${"用户 42"}`).toBe("/users/%E7%94%A8%E6%88%B7%2042");
  });

  it("never leaves a dot-segment", () => {
    expect(chatPath`/users/${".."}`).toBe("/users/%2E%2E");
    expect(chatPath`/users/${"."}`).toBe("/users/%2E");
    expect(chatPath`/users/${"a.b"}`).toBe("/users/a.b");
  });
});

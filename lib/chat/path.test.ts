import { describe, expect, it } from "vitest";
import { fillPath } from "./path";

describe("fillPath", () => {
  it("encodes each value as exactly one segment", () => {
    expect(fillPath("/users/:uid/friends", { uid: "a/b" })).toBe("/users/a%2Fb/friends");
    expect(fillPath("/users/:uid", { uid: "x?y#z" })).toBe("/users/x%3Fy%23z");
    expect(fillPath("/users/:uid", { uid: "用户 42" })).toBe("/users/%E7%94%A8%E6%88%B7%2042");
  });

  it("never leaves a dot-segment", () => {
    expect(fillPath("/users/:uid", { uid: ".." })).toBe("/users/%2E%2E");
    expect(fillPath("/users/:uid", { uid: "." })).toBe("/users/%2E");
    expect(fillPath("/users/:uid", { uid: "a.b" })).toBe("/users/a.b");
  });

  it("refuses to leave a parameter empty", () => {
    expect(() => fillPath("/users/:uid/auth_tokens/:authToken", { uid: "ana" })).toThrow(/:authToken/);
  });
});

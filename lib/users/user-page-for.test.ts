import { describe, expect, it } from "vitest";
import { userPageFor } from "./user-page-for";

describe("where a typed UID leads", () => {
  it("is the user's page, the UID trimmed and encoded as one path segment", () => {
    expect(userPageFor("  ana-souza ")).toEqual({ href: "/users/ana-souza" });
    expect(userPageFor("Ana-Souza")).toEqual({ href: "/users/ana-souza" });
    expect(userPageFor("user with space")).toEqual({ href: "/users/user%20with%20space" });
    expect(userPageFor("用户-42")).toEqual({ href: `/users/${encodeURIComponent("用户-42")}` });
  });

  it("is a reason, for a UID no user can have", () => {
    expect(userPageFor("   ").problem).toBe("the UID is empty");
    expect(userPageFor("no/such?user").problem).toMatch(/not allowed/);
    expect(userPageFor("..").problem).toMatch(/not valid/);
    expect(userPageFor("x".repeat(101)).problem).toMatch(/longer than 100/);
  });
});

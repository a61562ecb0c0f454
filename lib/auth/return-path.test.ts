import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPath } from "./return-path";

describe("the return path after sign-in", () => {
  it("keeps a path on this dashboard with its query", () => {
    expect(safeReturnPath("/users/ana-souza")).toBe("/users/ana-souza");
    expect(safeReturnPath("/admin/audit?uid=ana-souza&from=2025-01-01")).toBe("/admin/audit?uid=ana-souza&from=2025-01-01");
    expect(safeReturnPath("/users/%E7%94%A8%E6%88%B7")).toBe("/users/%E7%94%A8%E6%88%B7");
  });

  it("refuses anything that could leave the dashboard or loop", () => {
    for (const value of [
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "users/ana-souza",
      "/\t/evil.example",
      "/sign-in",
      "/sign-in?next=/users",
      "/api/users",
      "",
      null,
      undefined,
      `/${"a".repeat(3000)}`,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeUndefined();
    }
  });

  it("builds the sign-in address, leaving out the queue", () => {
    expect(signInPath("/users/ana-souza?tab=2")).toBe("/sign-in?next=%2Fusers%2Fana-souza%3Ftab%3D2");
    expect(signInPath("/")).toBe("/sign-in");
    expect(safeReturnPath(decodeURIComponent(signInPath("//evil.example").split("next=")[1] ?? ""))).toBeUndefined();
  });
});

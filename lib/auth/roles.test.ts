import { describe, expect, it } from "vitest";
import { PERMISSIONS, roleChange } from "./roles";

describe("what a role change gives or takes away", () => {
  const adminOnly = Object.values(PERMISSIONS)
    .filter((p) => p.role === "admin")
    .map((p) => p.description);

  it("names every admin-only permission as gained when a moderator becomes an admin", () => {
    expect(roleChange("moderator", "admin")).toEqual({ gains: adminOnly, loses: [] });
    expect(adminOnly).toEqual(expect.arrayContaining(["see and reveal the chat service's API keys", "read and export the audit log"]));
  });

  it("names the same permissions as lost when an admin becomes a moderator, and nothing when the role stays", () => {
    expect(roleChange("admin", "moderator")).toEqual({ gains: [], loses: adminOnly });
    expect(roleChange("admin", "admin")).toEqual({ gains: [], loses: [] });
  });
});

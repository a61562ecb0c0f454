import { describe, expect, it } from "vitest";
import { protectionFromRecord, protectsByRecord } from "./user-protection";

const settings = { protectedTags: ["VIP", "staff"], protectedRoles: ["moderator"] };

describe("protectionFromRecord", () => {
  it("names the first protected tag the user carries, in any case", () => {
    expect(protectionFromRecord(settings, { tags: ["beta", "vip"], role: "default" })).toEqual({ by: "tag", value: "vip" });
  });

  it("falls back to a protected role, in any case", () => {
    expect(protectionFromRecord(settings, { tags: ["beta"], role: "Moderator" })).toEqual({ by: "role", value: "Moderator" });
  });

  it("protects nobody without a matching tag or role, nor a record without either", () => {
    expect(protectionFromRecord(settings, { tags: ["beta"], role: "default" })).toBeNull();
    expect(protectionFromRecord(settings, {})).toBeNull();
  });

  it("needs no record at all when no tag or role is configured", () => {
    expect(protectsByRecord({ protectedTags: [], protectedRoles: [] })).toBe(false);
    expect(protectsByRecord(settings)).toBe(true);
  });
});

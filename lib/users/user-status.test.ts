import { describe, expect, it } from "vitest";
import { userStatus } from "./user-status";

describe("a user's status in words", () => {
  it("reads online and available alike, as online", () => {
    expect(userStatus("online")).toEqual({ online: true, label: "Online" });
    expect(userStatus("available")).toEqual({ online: true, label: "Online" });
  });

  it("reads offline as offline", () => expect(userStatus("offline")).toEqual({ online: false, label: "Offline" }));

  it("shows an unknown value as it is, not as online", () => {
    expect(userStatus("busy")).toEqual({ online: false, label: "busy" });
    expect(userStatus("Online")).toEqual({ online: false, label: "Online" });
  });
});

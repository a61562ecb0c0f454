import { describe, expect, it } from "vitest";
import { describeActionError, describePinError } from "./action-errors";

describe("describePinError", () => {
  it("says in words that the conversation is at its limit of 5 pinned messages", () => {
    const text = describePinError({ code: "ERR_PINNED_MESSAGES_LIMIT_EXCEEDED", message: "Conversation c1 reached the limit of 5." }, null);
    expect(text).toMatch(/already has its maximum of 5 pinned messages/);
    expect(text).toContain("Conversation c1 reached the limit of 5.");
  });

  it("says pinning is off or the role may not pin, naming who and the role", () => {
    const text = describePinError({ code: "ERR_PERMISSION_DENIED", message: "denied" }, { label: "Ana Souza", role: "guest" });
    expect(text).toMatch(/switched off for this app, or Ana Souza \(role "guest"\) may not pin messages/);
  });

  it("speaks of the app when pinning as the app is refused", () => {
    expect(describePinError({ code: "ERR_PERMISSION_DENIED", message: "denied" }, null)).toMatch(/or the app may not pin/);
  });

  it("passes any other failure on in its own words", () => {
    expect(describePinError({ code: "ERR_UPSTREAM_TIMEOUT", message: "The chat service did not answer." }, null)).toBe(
      "Not pinned: The chat service did not answer.",
    );
  });
});

describe("describeActionError", () => {
  it("names the action and the reason", () => {
    expect(describeActionError("Resolving", { code: "ERR_CONFLICT", message: "already resolved" })).toBe("Resolving failed: already resolved");
  });
});

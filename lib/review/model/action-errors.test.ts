import { describe, expect, it } from "vitest";
import { describeActionError, describeFailure, describePinError, errorOf } from "./action-errors";

describe("describePinError", () => {
  it("says in words that the conversation is at its limit, the limit read from the service's message", () => {
    const text = describePinError({ code: "ERR_PINNED_MESSAGES_LIMIT_EXCEEDED", message: "Conversation c1 reached the limit of 5." }, null);
    expect(text).toMatch(/already has its maximum of 5 pinned messages/);
    expect(text).toContain("Conversation c1 reached the limit of 5.");
    expect(describePinError({ code: "ERR_PINNED_MESSAGES_LIMIT_EXCEEDED", message: "You can pin up to 100 pinned messages." }, null)).toMatch(/maximum of 100 pinned/);
  });

  it("does not invent a number when the service's message gives none", () => {
    const text = describePinError({ code: "ERR_PINNED_MESSAGES_LIMIT_EXCEEDED", message: "Pinned messages limit exceeded." }, null);
    expect(text).toBe("Not pinned: this conversation already has as many pinned messages as the chat service allows. (The chat service said: Pinned messages limit exceeded.)");
  });

  it("says pinning is off or the role may not pin, naming who and the role", () => {
    const text = describePinError({ code: "ERR_PERMISSION_DENIED", message: "denied" }, { label: "Ana Souza", role: "guest" });
    expect(text).toMatch(/switched off for this app, or Ana Souza \(role "guest"\) may not pin messages/);
  });

  it("speaks of the app when pinning as the app is refused", () => {
    expect(describePinError({ code: "ERR_PERMISSION_DENIED", message: "denied" }, null)).toMatch(/or the app may not pin/);
  });

  it("passes any other refusal on in its own words", () => {
    expect(describePinError({ code: "ERR_UPSTREAM_SERVER_ERROR", message: "The chat service failed (HTTP 500)." }, null)).toBe(
      "Not pinned: The chat service failed (HTTP 500).",
    );
  });

  it("says a pin that timed out or lost its connection may or may not have happened", () => {
    for (const code of ["ERR_UPSTREAM_TIMEOUT", "ERR_UPSTREAM_CONNECTION_LOST", "ERR_UPSTREAM_BAD_RESPONSE", "ERR_NETWORK"]) {
      expect(describePinError({ code, message: "No answer." }, null)).toBe("The pin may or may not have happened: No answer. Check before trying again.");
    }
  });
});

describe("describeActionError", () => {
  it("names the action and the reason", () => {
    expect(describeActionError("Resolving", { code: "ERR_CONFLICT", message: "already resolved" })).toBe("Resolving failed: already resolved");
  });

  it("does not call an action failed when its outcome is unknown", () => {
    expect(describeActionError("Deactivating", { code: "ERR_UPSTREAM_TIMEOUT", message: "No answer within 2 s." })).toBe(
      "Deactivating may or may not have happened: No answer within 2 s. Check before trying again.",
    );
  });
});

describe("describeFailure", () => {
  it("leads with what did not happen for a refusal (429, 5xx, 4xx)", () => {
    expect(describeFailure("Deactivating Ana", "Ana was not deactivated", { code: "ERR_UPSTREAM_RATE_LIMITED", message: "Try again in 3 s." })).toBe(
      "Ana was not deactivated: Try again in 3 s.",
    );
  });
});

describe("errorOf", () => {
  it("keeps an error's code, and names anything else unknown", () => {
    expect(errorOf(Object.assign(new Error("m"), { code: "ERR_X" }))).toEqual({ code: "ERR_X", message: "m" });
    expect(errorOf("boom")).toEqual({ code: "ERR_UNKNOWN", message: "Something went wrong." });
  });
});

import { describe, expect, it } from "vitest";
import { friendResultRows } from "./friend-results";

describe("friendResultRows", () => {
  it("reads each UID's success, with or without a message, in the order asked", () => {
    const answer = { bo: { success: false, message: "The UID bo does not exist." }, ana: { success: true } };
    expect(friendResultRows(["ana", "bo"], answer)).toEqual([
      { uid: "ana", outcome: "added" },
      { uid: "bo", outcome: "not-added", message: "The UID bo does not exist." },
    ]);
  });

  it("matches the service's lower-cased keys, and calls a UID with no result unknown", () => {
    expect(friendResultRows(["Ana", "cy"], { ana: { success: true, message: "now a friend" } })).toEqual([
      { uid: "Ana", outcome: "added", message: "now a friend" },
      { uid: "cy", outcome: "unknown", message: "The chat service gave no result for this UID." },
    ]);
  });
});

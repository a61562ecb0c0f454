import { describe, expect, it } from "vitest";
import { allDeactivated, describeDeactivation, sortDeactivation } from "./deactivation-outcome";

describe("sortDeactivation", () => {
  it("puts each UID asked for in the list the answer named it in, comparing in lower case", () => {
    expect(sortDeactivation(["Ana", "bo", "cy"], { deactivatedUids: ["ana"], alreadyDeactivatedUids: ["bo"], notFound: ["cy"] })).toEqual({
      deactivated: ["Ana"],
      "already-deactivated": ["bo"],
      "not-found": ["cy"],
      unknown: [],
      "awaiting-approval": [],
    });
  });

  it("lists the protected users that were not sent as awaiting approval, and says so", () => {
    const outcomes = sortDeactivation(["ana"], { deactivatedUids: ["ana"] }, ["vip-1"]);
    expect(outcomes["awaiting-approval"]).toEqual(["vip-1"]);
    expect(describeDeactivation(outcomes)).toBe("Deactivated ana. Protected, waiting for a second staff member's approval: vip-1.");
  });

  it("calls a UID in none of the (all optional) lists unknown, never done", () => {
    const outcomes = sortDeactivation(["ana", "bo"], {});
    expect(outcomes.unknown).toEqual(["ana", "bo"]);
    expect(allDeactivated(outcomes)).toBe(false);
    expect(describeDeactivation(outcomes)).toBe("Unknown: check ana, bo.");
  });

  it("describes every outcome that has UIDs", () => {
    const outcomes = sortDeactivation(["ana", "bo", "cy"], { deactivatedUids: ["ana"], alreadyDeactivatedUids: ["bo"] });
    expect(describeDeactivation(outcomes, (uid) => uid.toUpperCase())).toBe("Deactivated ANA. Already deactivated: BO. Unknown: check CY.");
    expect(allDeactivated(sortDeactivation(["ana", "bo"], { deactivatedUids: ["ana"], alreadyDeactivatedUids: ["bo"] }))).toBe(true);
  });
});

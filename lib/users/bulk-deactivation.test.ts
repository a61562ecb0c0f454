import { describe, expect, it } from "vitest";
import { batchResultRows, countOutcomes, splitIntoBatches } from "./bulk-deactivation";
import { sortDeactivation } from "./deactivation-outcome";

describe("splitIntoBatches", () => {
  it("cuts a list into requests of at most 100, keeping the order", () => {
    const uids = Array.from({ length: 250 }, (_, i) => `u${i}`);
    const batches = splitIntoBatches(uids);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(uids);
  });

  it("gives no batch for an empty list and one for a short one", () => {
    expect(splitIntoBatches([])).toEqual([]);
    expect(splitIntoBatches(["a", "b"], 5)).toEqual([["a", "b"]]);
  });
});

describe("batchResultRows", () => {
  it("gives each asked UID its outcome, in the order asked, and unknown for one the answer left out", () => {
    const outcomes = sortDeactivation(["a", "b", "C", "d"], { deactivatedUids: ["c", "a"], notFound: ["b"] });
    expect(batchResultRows(["a", "b", "C", "d"], outcomes)).toEqual([
      { uid: "a", outcome: { kind: "deactivated" } },
      { uid: "b", outcome: { kind: "not-found" } },
      { uid: "C", outcome: { kind: "deactivated" } },
      { uid: "d", outcome: { kind: "unknown" } },
    ]);
  });

  it("ignores a UID the service lists that was not asked for", () => {
    expect(batchResultRows(["a"], sortDeactivation(["a"], { deactivatedUids: ["a", "zzz"] }))).toHaveLength(1);
  });
});

describe("countOutcomes", () => {
  it("counts every kind", () => {
    expect(
      countOutcomes([
        { uid: "a", outcome: { kind: "deactivated" } },
        { uid: "b", outcome: { kind: "failed", message: "x" } },
        { uid: "c", outcome: { kind: "not-sent" } },
        { uid: "d", outcome: { kind: "not-sent" } },
        { uid: "e", outcome: { kind: "awaiting-approval" } },
      ]),
    ).toEqual({ deactivated: 1, "already-deactivated": 0, "not-found": 0, unknown: 0, "awaiting-approval": 1, failed: 1, "not-sent": 2 });
  });
});

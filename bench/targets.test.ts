import { describe, expect, it } from "vitest";
import type { ShareRow } from "./results";
import { spreadOf } from "./spread";
import { misses, probeP95, sameListRate, shareCheck } from "./targets";

const row = (shares: number[]): ShareRow => {
  const spread = spreadOf(shares);
  return { route: "flagged", via: "cached", request: "GET /api/moderation/flagged-messages", floorRps: shares.map(() => 1000), shares, median: spread.median, spread, floorSpread: spreadOf([1000]) };
};

describe("shareCheck", () => {
  it("passes a median at or over the target and names the rounds' range", () => {
    const check = shareCheck("cached flagged", row([0.88, 0.95, 0.92]), 0.9);
    expect(check).toMatchObject({ measured: "92 %", target: "≥ 90 %", pass: true });
    expect(check.name).toContain("median of 3 rounds, 88 %–95 %");
  });

  it("misses a median under the target", () => {
    expect(shareCheck("cached flagged", row([0.6, 0.7, 0.8]), 0.9).pass).toBe(false);
  });

  it("reports a median above the floor as a measurement error, not a pass", () => {
    const check = shareCheck("uncached flagged", row([1.04, 1.15, 1.21]), 0.75);
    expect(check.pass).toBe(false);
    expect(check.measured).toBe("115 %: above the floor, a measurement error");
  });

  it("misses a read that was not measured", () => {
    expect(shareCheck("user", undefined, 0.9)).toMatchObject({ measured: "not measured", pass: false });
  });
});

describe("misses", () => {
  it("lists the failed checks only, in order", () => {
    const checks = [
      { name: "a", measured: "1", target: "1", pass: true },
      { name: "b", measured: "2", target: "1", pass: false },
      { name: "c", measured: "3", target: "1", pass: false },
    ];
    expect(misses(checks).map((c) => c.name)).toEqual(["b", "c"]);
  });
});

describe("scale targets", () => {
  it("counts a probe that never saw its change as slower than any sample", () => {
    const probe = { samples: Array.from({ length: 19 }, () => 200), missed: 1, deadlineMs: 10_000 };
    expect(probeP95(probe)).toBe(200);
    expect(probeP95({ ...probe, samples: probe.samples.slice(0, 9) })).toBe(Infinity);
  });

  it("takes list calls per minute as the same within 10 % or one call", () => {
    expect(sameListRate(20, 21.9)).toBe(true);
    expect(sameListRate(20, 23)).toBe(false);
    expect(sameListRate(2, 2.9)).toBe(true);
    expect(sameListRate(65.9, 128.6)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_TEAM_SETTINGS } from "@/lib/settings/model/team-settings";
import { ageMovesScoreAt, flaggerWeight, priorityScore, type PriorityInputs } from "./priority";

const weights = DEFAULT_TEAM_SETTINGS.priorityWeights; // severity 40, flaggers 25, strikes 20, age 15
const DAY = 86_400;
const calm: PriorityInputs = { severity: null, flaggers: [], liveStrikes: 0, strikesForFull: 3, ageSeconds: 0, targetSeconds: DAY };
const score = (change: Partial<PriorityInputs>, w = weights) => priorityScore({ ...calm, ...change }, w).score;

describe("priorityScore", () => {
  it("is 0 for an item with nothing known, just flagged", () => {
    expect(priorityScore(calm, weights)).toEqual({
      score: 0,
      parts: {
        severity: { share: 0, points: 0, basis: "no policy known" },
        flaggers: { share: 0, points: 0, basis: "0 flaggers, counting as 0 by their records" },
        strikes: { share: 0, points: 0, basis: "0 live strikes of 3" },
        age: { share: 0, points: 0, basis: "waiting 0 min of a 24 h target" },
      },
    });
  });

  it("adds each part's weighted share: severity 3, one new flagger, 1 of 3 strikes, half the target waited", () => {
    const breakdown = priorityScore({ ...calm, severity: 3, flaggers: [{ upheld: 0, dismissed: 0 }], liveStrikes: 1, ageSeconds: DAY / 2 }, weights);
    expect(breakdown.parts.severity).toMatchObject({ share: 0.5, points: 20 });
    expect(breakdown.parts.flaggers).toMatchObject({ share: 0.1, points: 2.5, basis: "1 flagger, counting as 0.5 by their records" });
    expect(breakdown.parts.strikes).toMatchObject({ points: 6.7, basis: "1 live strike of 3" });
    expect(breakdown.parts.age).toMatchObject({ share: 0.5, points: 7.5, basis: "waiting 12 h of a 24 h target" });
    expect(breakdown.score).toBe(37); // 20 + 2.5 + 6.67 + 7.5 = 36.67
  });

  it("reaches 100 at the most severe policy, five trusted flaggers, strikes at the threshold and the target passed", () => {
    const trusted = { upheld: 98, dismissed: 0 };
    expect(score({ severity: 5, flaggers: Array(5).fill(trusted), liveStrikes: 3, ageSeconds: 2 * DAY })).toBe(100);
    // More than full in any part counts as full.
    expect(score({ severity: 5, flaggers: Array(40).fill(trusted), liveStrikes: 30, ageSeconds: 40 * DAY })).toBe(100);
  });

  it("counts three unreliable reporters for less than one trusted one", () => {
    expect(flaggerWeight({ upheld: 0, dismissed: 18 })).toBeCloseTo(0.05);
    expect(flaggerWeight({ upheld: 18, dismissed: 0 })).toBeCloseTo(0.95);
    const unreliable = score({ flaggers: Array(3).fill({ upheld: 0, dismissed: 18 }) });
    const trusted = score({ flaggers: [{ upheld: 18, dismissed: 0 }] });
    expect([unreliable, trusted]).toEqual([1, 5]); // 25 × 0.15/5 = 0.75; 25 × 0.95/5 = 4.75
  });

  it("orders fixed items as a lead would: harm first, then strikes, then waiting", () => {
    const items = {
      violenceNew: { severity: 5, flaggers: [{ upheld: 2, dismissed: 0 }], ageSeconds: 600 },
      spamOld: { severity: 2, flaggers: [{ upheld: 0, dismissed: 0 }], ageSeconds: 2 * DAY },
      harassmentRepeat: { severity: 3, flaggers: [{ upheld: 1, dismissed: 1 }], liveStrikes: 3, ageSeconds: 3600 },
      otherFresh: { severity: 1, flaggers: [{ upheld: 0, dismissed: 5 }], ageSeconds: 60 },
    };
    const ranked = Object.entries(items)
      .map(([name, inputs]) => [name, score(inputs)] as const)
      .sort((a, b) => b[1] - a[1]);
    expect(ranked).toEqual([
      ["violenceNew", 44],
      ["harassmentRepeat", 43],
      ["spamOld", 28],
      ["otherFresh", 1], // one doubtful flagger: 25 × (1/7)/5
    ]);
  });

  it("follows the weights: only age counts when only age is weighted; no weight at all scores 0", () => {
    const onlyAge = { severity: 0, flaggers: 0, strikes: 0, age: 10 };
    expect(score({ severity: 5, liveStrikes: 9, ageSeconds: DAY / 4 }, onlyAge)).toBe(25);
    expect(score({ severity: 5, ageSeconds: DAY }, { severity: 0, flaggers: 0, strikes: 0, age: 0 })).toBe(0);
  });

  it("keeps to 0–100 on nonsense: negative age, no target, no threshold, severity out of range, NaN", () => {
    expect(score({ ageSeconds: -500 })).toBe(0);
    expect(score({ targetSeconds: 0 })).toBe(15); // no target: everything is due
    expect(score({ liveStrikes: 4, strikesForFull: 0 })).toBe(0);
    expect(score({ severity: 9 })).toBe(40);
    expect(score({ severity: Number.NaN, ageSeconds: Number.NaN })).toBe(0);
  });
});

describe("ageMovesScoreAt", () => {
  it("is the first second at which waiting alone moves the score by a point", () => {
    // Age weighs 15 of 100 over a day: a point every 5,760 s; from 0 the score turns 1 at half a point.
    const first = ageMovesScoreAt(calm, weights);
    expect(first).toBe(2880);
    expect(score({ ageSeconds: 2879 })).toBe(0);
    expect(score({ ageSeconds: first ?? 0 })).toBe(1);
    // From any age, the score stays until that moment and has moved at it.
    for (const ageSeconds of [1, 5_000, 40_000, 70_000]) {
      const inputs = { ...calm, severity: 3, liveStrikes: 1, ageSeconds };
      const at = ageMovesScoreAt(inputs, weights);
      if (at === null) throw new Error(`no move from ${ageSeconds}`);
      expect(at).toBeGreaterThan(ageSeconds);
      expect(score({ ...inputs, ageSeconds: at - 1 })).toBe(score(inputs));
      expect(score({ ...inputs, ageSeconds: at })).toBe(score(inputs) + 1);
    }
  });

  it("is null once waiting no longer counts: the target passed, no target, or age not weighted", () => {
    expect(ageMovesScoreAt({ ...calm, ageSeconds: DAY }, weights)).toBeNull();
    // The last half point comes after the target: nothing moves before the part is full.
    expect(ageMovesScoreAt({ ...calm, ageSeconds: DAY - 100 }, weights)).toBeNull();
    expect(ageMovesScoreAt({ ...calm, targetSeconds: 0 }, weights)).toBeNull();
    expect(ageMovesScoreAt(calm, { ...weights, age: 0 })).toBeNull();
    expect(ageMovesScoreAt(calm, { severity: 0, flaggers: 0, strikes: 0, age: 0 })).toBeNull();
  });
});

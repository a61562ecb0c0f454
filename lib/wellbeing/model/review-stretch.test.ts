import { describe, expect, it } from "vitest";
import { BREAK_GAP_MS, isBreakDue, noteActivity, snoozeStretch, type ReviewStretch } from "./review-stretch";

const MIN = 60_000;

/** The stretch after activities at these minutes, from a clock starting at 0. */
const after = (...minutes: number[]) => minutes.reduce<ReviewStretch | null>((stretch, m) => noteActivity(stretch, m * MIN), null);

describe("the review stretch behind the break reminder", () => {
  it("starts at the first activity and continues while each comes within the gap", () => {
    expect(after(0, 9, 18, 27)).toEqual({ startedAt: 0, lastActiveAt: 27 * MIN });
  });

  it("starts again after a gap longer than ten minutes: that was a break", () => {
    expect(BREAK_GAP_MS).toBe(10 * MIN);
    expect(after(0, 9, 20)).toEqual({ startedAt: 20 * MIN, lastActiveAt: 20 * MIN });
    expect(after(0, 10)).toEqual({ startedAt: 0, lastActiveAt: 10 * MIN });
  });

  it("is due once the stretch has lasted the minutes while still going", () => {
    const stretch = after(0, 9, 18);
    expect(isBreakDue(stretch, 19 * MIN, 20)).toBe(false);
    expect(isBreakDue(stretch, 20 * MIN, 20)).toBe(true);
    expect(isBreakDue(stretch, 28 * MIN, 20)).toBe(true);
  });

  it("is not due once the moderator has been away longer than the gap, nor with the reminder off, nor before any activity", () => {
    expect(isBreakDue(after(0, 9, 18), 29 * MIN, 20)).toBe(false);
    expect(isBreakDue(after(0, 9, 18, 27), 27 * MIN, 0)).toBe(false);
    expect(isBreakDue(null, 100 * MIN, 20)).toBe(false);
  });

  it("counts a new stretch from a dismissal, so the next reminder comes after as many minutes again", () => {
    const snoozed = noteActivity(snoozeStretch(20 * MIN), 25 * MIN);
    expect(isBreakDue(snoozed, 30 * MIN, 20)).toBe(false);
    expect(isBreakDue(noteActivity(noteActivity(snoozed, 34 * MIN), 40 * MIN), 40 * MIN, 20)).toBe(true);
  });

  it("never moves the last activity back when a clock answers an earlier time", () => {
    expect(noteActivity({ startedAt: 0, lastActiveAt: 5 * MIN }, 4 * MIN)).toEqual({ startedAt: 0, lastActiveAt: 5 * MIN });
  });
});

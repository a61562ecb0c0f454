import { describe, expect, it } from "vitest";
import { countOverdue, describeTarget, isOverdue, overdueCutoff, overdueRule } from "./overdue";

const HOUR = 3600;
const now = 1_800_000_000;
const day = overdueRule(24, now);
const item = (firstFlaggedAt: number, state: "open" | "resolved" | "dismissed" = "open") => ({ firstFlaggedAt, state });

describe("the overdue rule", () => {
  it("marks an open item first flagged longer ago than the target", () => {
    expect(isOverdue(item(now - 25 * HOUR), day)).toBe(true);
    expect(isOverdue(item(now - 23 * HOUR), day)).toBe(false);
  });

  it("is not overdue at exactly the target, and is one second later", () => {
    expect(overdueCutoff(day)).toBe(now - 24 * HOUR);
    expect(isOverdue(item(now - 24 * HOUR), day)).toBe(false);
    expect(isOverdue(item(now - 24 * HOUR - 1), day)).toBe(true);
  });

  it("never marks a decided item, however old", () => {
    expect(isOverdue(item(now - 100 * HOUR, "resolved"), day)).toBe(false);
    expect(isOverdue(item(now - 100 * HOUR, "dismissed"), day)).toBe(false);
  });

  it("takes fractional targets to the second", () => {
    const half = overdueRule(0.5, now);
    expect(half.targetSeconds).toBe(1800);
    expect(isOverdue(item(now - 1801), half)).toBe(true);
    expect(isOverdue(item(now - 1800), half)).toBe(false);
  });

  it("counts only the open overdue items", () => {
    expect(countOverdue([item(now - 30 * HOUR), item(now - 2 * HOUR), item(now - 30 * HOUR, "resolved"), item(now - 24 * HOUR - 1)], day)).toBe(2);
    expect(countOverdue([], day)).toBe(0);
  });

  it("says the target in words", () => {
    expect(describeTarget(24)).toBe("24 hours");
    expect(describeTarget(1)).toBe("1 hour");
    expect(describeTarget(0.5)).toBe("30 minutes");
    expect(describeTarget(1.5)).toBe("90 minutes");
  });
});

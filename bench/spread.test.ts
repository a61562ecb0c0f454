import { describe, expect, it } from "vitest";
import { isMeasurementError, shareOfFloor, spreadOf } from "./spread";

describe("spreadOf", () => {
  it("gives the median and the range of the rounds, in any order", () => {
    expect(spreadOf([0.9, 0.48, 0.63])).toEqual({ median: 0.63, min: 0.48, max: 0.9 });
  });

  it("takes the lower middle of an even count (nearest rank)", () => {
    expect(spreadOf([4, 1, 3, 2])).toEqual({ median: 2, min: 1, max: 4 });
  });

  it("is all zero with no rounds", () => {
    expect(spreadOf([])).toEqual({ median: 0, min: 0, max: 0 });
  });
});

describe("shareOfFloor", () => {
  it("is the read's rate over the floor's", () => {
    expect(shareOfFloor(450, 600)).toBe(0.75);
  });

  it("is 0 when the floor served nothing, never Infinity", () => {
    expect(shareOfFloor(450, 0)).toBe(0);
  });

  it("calls a share above the floor a measurement error, and the floor itself not", () => {
    expect(isMeasurementError(1.01)).toBe(true);
    expect(isMeasurementError(1)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { lastWholeMonth, rangeBounds, transparencyExportQuerySchema, transparencyRangeSchema } from "./transparency-range";

describe("a transparency report's range", () => {
  it("defaults to the last whole month, across a year's end and a leap February", () => {
    expect(lastWholeMonth(Date.parse("2026-11-27T18:00:00Z"))).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(lastWholeMonth(Date.parse("2026-01-01T00:00:00Z"))).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(lastWholeMonth(Date.parse("2028-03-15T12:00:00Z"))).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });

  it("covers whole UTC days, the last one included", () => {
    expect(rangeBounds({ from: "2026-03-01", to: "2026-03-31" })).toEqual({ start: new Date("2026-03-01T00:00:00Z"), end: new Date("2026-04-01T00:00:00Z") });
  });

  it("takes at most 366 days, in order, of days in the calendar, and nothing else", () => {
    expect(transparencyRangeSchema.safeParse({ from: "2024-01-01", to: "2024-12-31" }).success).toBe(true);
    expect(transparencyRangeSchema.safeParse({ from: "2025-01-01", to: "2026-01-01" }).success).toBe(true);
    for (const bad of [
      { from: "2025-01-01", to: "2026-01-02" },
      { from: "2026-03-02", to: "2026-03-01" },
      { from: "2026-02-29", to: "2026-03-01" },
      { from: "2026-03-01" },
      { from: "2026-03-01", to: "2026-03-02", extra: "1" },
    ]) {
      expect(transparencyRangeSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(transparencyExportQuerySchema.safeParse({ from: "2026-03-01", to: "2026-03-02", format: "pdf" }).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatNumber, formatRelative } from "./intl";

describe("the dashboard's number and time formats", () => {
  it("writes numbers with thousands separators and counts in words", () => {
    expect(formatNumber(5000)).toBe("5,000");
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatCount(1, "key")).toBe("1 key");
    expect(formatCount(2301, "key")).toBe("2,301 keys");
    expect(formatCount(3, "batch", "batches")).toBe("3 batches");
  });

  it("writes how long ago in words, never in the future", () => {
    const now = 1_750_000_000;
    expect(formatRelative(now - 298 * 86_400, now)).toBe("10 months ago");
    expect(formatRelative(now - 9 * 86_400, now)).toBe("9 days ago");
    expect(formatRelative(now + 60, now)).toBe("now");
  });

  it("writes a date in the locale asked for", () => {
    const seconds = Date.UTC(2025, 2, 3, 12) / 1000;
    expect(formatDate(seconds, "en-US")).toBe("Mar 3, 2025");
    expect(formatDate(seconds, "de-DE")).toBe("03.03.2025");
  });
});

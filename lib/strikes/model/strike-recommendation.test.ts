import { describe, expect, it } from "vitest";
import { DEFAULT_TEAM_SETTINGS } from "@/lib/settings/model/team-settings";
import { strikeRecommendation } from "./strike-recommendation";

describe("the recommendation live strikes earn", () => {
  const settings = { strikeExpiryDays: 90, strikeThresholds: DEFAULT_TEAM_SETTINGS.strikeThresholds };

  it("is nothing below the lowest threshold", () => {
    expect(strikeRecommendation(0, settings)).toBeNull();
    expect(strikeRecommendation(1, settings)).toBeNull();
  });

  it("is the highest threshold reached, in the words shown at decision time", () => {
    expect(strikeRecommendation(2, settings)).toEqual({ action: "watch", threshold: 2, live: 2, words: "2 strikes in 90 days: keep an eye on this user" });
    expect(strikeRecommendation(3, settings)).toEqual({ action: "deactivate", threshold: 3, live: 3, words: "3 strikes in 90 days: deactivation recommended" });
    expect(strikeRecommendation(12, settings)?.action).toBe("deactivate");
  });

  it("takes thresholds in any order, the stronger action when two share a count", () => {
    const thresholds = [
      { strikes: 5, action: "deactivate" as const },
      { strikes: 1, action: "watch" as const },
      { strikes: 5, action: "watch" as const },
    ];
    expect(strikeRecommendation(1, { strikeExpiryDays: 1, strikeThresholds: thresholds })?.words).toBe("1 strike in 1 day: keep an eye on this user");
    expect(strikeRecommendation(6, { strikeExpiryDays: 30, strikeThresholds: thresholds })).toMatchObject({ action: "deactivate", threshold: 5 });
    expect(strikeRecommendation(6, { strikeExpiryDays: 30, strikeThresholds: [] })).toBeNull();
  });
});

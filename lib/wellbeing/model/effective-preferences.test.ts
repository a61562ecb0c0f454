import { describe, expect, it } from "vitest";
import { DEFAULT_TEAM_SETTINGS } from "@/lib/settings/model/team-settings";
import { resolvePreferences, shieldFilter, STRONGEST_SHIELD, teamPreferences } from "./effective-preferences";

const team = teamPreferences(DEFAULT_TEAM_SETTINGS);
const none = { mediaBlur: null, mediaGreyscale: null, mediaAutoplay: null, breakReminderMinutes: null };

describe("a moderator's preferences in force", () => {
  it("follow the team's defaults where the moderator chose nothing", () => {
    expect(team).toEqual({ mediaBlur: 24, mediaGreyscale: true, mediaAutoplay: false, breakReminderMinutes: 90 });
    expect(resolvePreferences(none, team)).toEqual({ effective: team, team, own: none });
  });

  it("take each of the moderator's own choices, including a 0 or false that turns something off", () => {
    const own = { mediaBlur: 0, mediaGreyscale: false, mediaAutoplay: null, breakReminderMinutes: 0 };
    expect(resolvePreferences(own, team).effective).toEqual({ mediaBlur: 0, mediaGreyscale: false, mediaAutoplay: false, breakReminderMinutes: 0 });
  });
});

describe("the media shield's filter", () => {
  it("blurs and greys until revealed, and shows the media plainly once revealed", () => {
    expect(shieldFilter({ mediaBlur: 24, mediaGreyscale: true, mediaAutoplay: false }, false)).toBe("blur(24px) grayscale(1)");
    expect(shieldFilter({ mediaBlur: 24, mediaGreyscale: true, mediaAutoplay: false }, true)).toBe("none");
  });

  it("leaves out what the preference turns off", () => {
    expect(shieldFilter({ mediaBlur: 0, mediaGreyscale: true, mediaAutoplay: false }, false)).toBe("grayscale(1)");
    expect(shieldFilter({ mediaBlur: 8, mediaGreyscale: false, mediaAutoplay: false }, false)).toBe("blur(8px)");
    expect(shieldFilter({ mediaBlur: 0, mediaGreyscale: false, mediaAutoplay: false }, false)).toBe("none");
  });

  it("hides as strongly as allowed while the preferences are unknown", () => {
    expect(shieldFilter(STRONGEST_SHIELD, false)).toBe("blur(40px) grayscale(1)");
  });
});

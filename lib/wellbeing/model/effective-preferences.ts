import type { TeamSettings } from "@/lib/settings/model/team-settings";
import { MEDIA_BLUR_MAX_PX } from "@/lib/settings/model/setting-values";
import type { MyPreferences, OwnPreferences, WellbeingPreferences } from "./preference-schemas";

// Type-only imports of the schemas: the queue loads this file, and the browser carries no zod.

/** The team's defaults, in the preferences' terms. */
export function teamPreferences(settings: Pick<TeamSettings, "mediaShield" | "breakReminderMinutes">): WellbeingPreferences {
  const { blur, greyscale, autoplay } = settings.mediaShield;
  return { mediaBlur: blur, mediaGreyscale: greyscale, mediaAutoplay: autoplay, breakReminderMinutes: settings.breakReminderMinutes };
}

/** Each of the moderator's own choices, or the team's default where they made none. */
export function resolvePreferences(own: OwnPreferences, team: WellbeingPreferences): MyPreferences {
  const effective: WellbeingPreferences = {
    mediaBlur: own.mediaBlur ?? team.mediaBlur,
    mediaGreyscale: own.mediaGreyscale ?? team.mediaGreyscale,
    mediaAutoplay: own.mediaAutoplay ?? team.mediaAutoplay,
    breakReminderMinutes: own.breakReminderMinutes ?? team.breakReminderMinutes,
  };
  return { effective, team, own };
}

export type MediaShieldView = Pick<WellbeingPreferences, "mediaBlur" | "mediaGreyscale" | "mediaAutoplay">;

/**
 * Until the moderator's own preferences are known (not yet loaded, or failed to load), media is
 * hidden as strongly as any preference could hide it: showing it sharp by mistake cannot be undone.
 */
export const STRONGEST_SHIELD: MediaShieldView = { mediaBlur: MEDIA_BLUR_MAX_PX, mediaGreyscale: true, mediaAutoplay: false };

/** The CSS filter of media under this shield: none once revealed, or when the shield hides nothing. */
export function shieldFilter(shield: MediaShieldView, revealed: boolean): string {
  if (revealed) return "none";
  const parts = [shield.mediaBlur > 0 ? `blur(${shield.mediaBlur}px)` : "", shield.mediaGreyscale ? "grayscale(1)" : ""].filter(Boolean);
  return parts.length > 0 ? parts.join(" ") : "none";
}

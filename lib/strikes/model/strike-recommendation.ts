import type { StrikeAction, TeamSettings } from "@/lib/settings/model/team-settings";

/** What a threshold recommends, in the words shown at decision time. */
export const STRIKE_ACTION_WORDS: Record<StrikeAction, string> = {
  watch: "keep an eye on this user",
  deactivate: "deactivation recommended",
};

/** The rank of an action when two thresholds share a count: the stronger one wins. */
const STRENGTH: Record<StrikeAction, number> = { watch: 1, deactivate: 2 };

export type StrikeRecommendation = { action: StrikeAction; threshold: number; live: number; words: string };

/** "3 strikes in 90 days": the live strikes and the period they count over. */
export const strikeCountWords = (live: number, expiryDays: number) => `${live} ${live === 1 ? "strike" : "strikes"} in ${expiryDays} ${expiryDays === 1 ? "day" : "days"}`;

/**
 * The action the team's thresholds recommend for a user with `live` strikes: the highest threshold
 * reached, or null below every one. Only ever a recommendation: nothing acts on it by itself.
 */
export function strikeRecommendation(live: number, settings: Pick<TeamSettings, "strikeThresholds" | "strikeExpiryDays">): StrikeRecommendation | null {
  const reached = settings.strikeThresholds
    .filter((t) => live >= t.strikes)
    .sort((a, b) => b.strikes - a.strikes || STRENGTH[b.action] - STRENGTH[a.action])[0];
  if (!reached) return null;
  return { action: reached.action, threshold: reached.strikes, live, words: `${strikeCountWords(live, settings.strikeExpiryDays)}: ${STRIKE_ACTION_WORDS[reached.action]}` };
}

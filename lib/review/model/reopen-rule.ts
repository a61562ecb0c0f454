import type { ReviewState } from "./states";

/**
 * A resolved or dismissed item reopens when a flag the dashboard had not seen before arrives,
 * dated at or after the decision. Flag times are whole seconds, so a flag in the decision's own
 * second counts: it was not in the queue when the moderator decided. A set-aside item was never
 * decided (lib/reporters/server/settle-set-aside.ts opens it again).
 */
export function shouldReopen(item: { state: ReviewState; decidedAt: Date | null }, newFlagTimes: readonly number[]): boolean {
  if ((item.state !== "resolved" && item.state !== "dismissed") || item.decidedAt === null) return false;
  const decidedSecond = Math.floor(item.decidedAt.getTime() / 1000);
  return newFlagTimes.some((flaggedAt) => flaggedAt >= decidedSecond);
}

/**
 * A stretch of continuous review, for the break reminder. Activity is a key or pointer press on
 * the queue page. A stretch starts with the first activity after a pause and goes on while each
 * activity comes within BREAK_GAP_MS of the one before; a longer gap is a break, and the next
 * activity starts a new stretch. Times are milliseconds from any clock (the browser's, or a test's).
 */
export type ReviewStretch = { startedAt: number; lastActiveAt: number };

/** A pause longer than this counts as a break: ten minutes away from the queue. */
export const BREAK_GAP_MS = 10 * 60_000;

/** The stretch after an activity at `now`: the same one continued, or a new one after a break. */
export function noteActivity(stretch: ReviewStretch | null, now: number): ReviewStretch {
  if (!stretch || now - stretch.lastActiveAt > BREAK_GAP_MS) return { startedAt: now, lastActiveAt: now };
  return { startedAt: stretch.startedAt, lastActiveAt: Math.max(now, stretch.lastActiveAt) };
}

/**
 * Whether to remind now: the stretch has lasted `minutes` and is still going (its last activity
 * within the gap). Never with `minutes` 0, which turns the reminder off.
 */
export function isBreakDue(stretch: ReviewStretch | null, now: number, minutes: number): boolean {
  if (!stretch || minutes <= 0 || now - stretch.lastActiveAt > BREAK_GAP_MS) return false;
  return now - stretch.startedAt >= minutes * 60_000;
}

/** A dismissed reminder ends the stretch it was about: the next one is counted from now. */
export function snoozeStretch(now: number): ReviewStretch {
  return { startedAt: now, lastActiveAt: now };
}

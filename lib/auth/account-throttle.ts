import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { signInThrottle, staff } from "@/lib/db/schema";
import type { DashboardConfig } from "@/lib/env/dashboard";
import type { SlowedStaff } from "@/lib/staff/staff-schemas";
import { epochSeconds } from "@/lib/format/epoch-seconds";

export type ThrottleSettings = { freeFailures: number; maxDelaySeconds: number };

/** The per-account delay's settings, as configured (SIGN_IN_ACCOUNT_*). */
export const throttleSettings = (config: Pick<DashboardConfig, "SIGN_IN_ACCOUNT_FREE_FAILURES" | "SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS">): ThrottleSettings => ({
  freeFailures: config.SIGN_IN_ACCOUNT_FREE_FAILURES,
  maxDelaySeconds: config.SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS,
});

/** The end of every refusal while an account's delay runs. */
export const tryAgainIn = (seconds: number) => `Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;

/** Failures older than this no longer count: a typo a week after the last one starts over. */
const FORGET_AFTER = "1 day";

export const throttleKey = (email: string) => email.trim().toLowerCase().slice(0, 320);

/**
 * Seconds the next attempt waits after `failures` failed ones: none for the first few, then 1, 2,
 * 4… up to the cap. A delay that doubles, capped and reset by a success, rather than a lock: an
 * attacker guessing an admin's password gets one guess a minute, yet cannot keep the admin out.
 */
export function delayAfter(failures: number, settings: ThrottleSettings): number {
  if (failures < settings.freeFailures) return 0;
  return Math.min(settings.maxDelaySeconds, 2 ** Math.min(failures - settings.freeFailures, 30));
}

/** Whole seconds until this email may try again (0: now). */
export async function secondsToWait(db: Db, email: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ delayedUntil: signInThrottle.delayedUntil })
    .from(signInThrottle)
    .where(and(eq(signInThrottle.email, throttleKey(email)), gt(signInThrottle.delayedUntil, now)));
  return row?.delayedUntil ? Math.ceil((row.delayedUntil.getTime() - now.getTime()) / 1000) : 0;
}

/** Counts one failed attempt; returns the failures so far and the delay it starts. */
export async function recordSignInFailure(db: Db, email: string, settings: ThrottleSettings, now = new Date()): Promise<{ failures: number; delaySeconds: number }> {
  const [row] = await db
    .insert(signInThrottle)
    .values({ email: throttleKey(email), failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInThrottle.email,
      set: {
        failures: sql`case when ${signInThrottle.lastFailureAt} < ${now.toISOString()}::timestamptz - interval '${sql.raw(FORGET_AFTER)}' then 1 else ${signInThrottle.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: signInThrottle.failures });
  const failures = row?.failures ?? 1;
  const delaySeconds = delayAfter(failures, settings);
  if (delaySeconds > 0) {
    await db
      .update(signInThrottle)
      .set({ delayedUntil: new Date(now.getTime() + delaySeconds * 1000) })
      .where(eq(signInThrottle.email, throttleKey(email)));
  }
  return { failures, delaySeconds };
}

/** A successful sign-in (or an admin's unlock) forgets the failures. */
export async function clearSignInFailures(db: Db, email: string): Promise<boolean> {
  const removed = await db.delete(signInThrottle).where(eq(signInThrottle.email, throttleKey(email))).returning({ email: signInThrottle.email });
  return removed.length > 0;
}


/** Staff whose sign-ins are slowed (enough recent failures to be delayed), for the staff page. */
export async function listSlowedStaff(db: Db, settings: ThrottleSettings): Promise<SlowedStaff[]> {
  const rows = await db
    .select({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      failures: signInThrottle.failures,
      delayedUntil: signInThrottle.delayedUntil,
      lastFailureAt: signInThrottle.lastFailureAt,
    })
    .from(signInThrottle)
    .innerJoin(staff, eq(sql`lower(${staff.email})`, signInThrottle.email))
    .where(and(sql`${signInThrottle.failures} >= ${settings.freeFailures}`, sql`${signInThrottle.lastFailureAt} >= now() - interval '${sql.raw(FORGET_AFTER)}'`))
    .orderBy(staff.email);
  return rows.map((r) => ({ ...r, delayedUntil: r.delayedUntil ? epochSeconds(r.delayedUntil) : null, lastFailureAt: epochSeconds(r.lastFailureAt) }));
}

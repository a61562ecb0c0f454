import "server-only";
import { eq, sql } from "drizzle-orm";
import type { AuditRunner } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { staffPreference } from "@/lib/db/schema";
import type { TeamSettings } from "@/lib/settings/model/team-settings";
import { readTeamSettings } from "@/lib/settings/server/team-settings";
import { resolvePreferences, teamPreferences } from "@/lib/wellbeing/model/effective-preferences";
import type { MyPreferences, PreferencesPatch } from "@/lib/wellbeing/model/preference-schemas";

const NO_CHOICES = { mediaBlur: null, mediaGreyscale: null, mediaAutoplay: null, breakReminderMinutes: null };

/**
 * A staff member's own preferences, the team's defaults and what is in force (no row yet: all the
 * team's). `settings`: the team's settings when the caller reads them anyway (the queue's page).
 */
export async function readMyPreferences(db: Pick<Db, "select">, staffId: string, settings: Promise<TeamSettings> = readTeamSettings(db)): Promise<MyPreferences> {
  const [rows, team] = await Promise.all([
    db
      .select({
        mediaBlur: staffPreference.mediaBlur,
        mediaGreyscale: staffPreference.mediaGreyscale,
        mediaAutoplay: staffPreference.mediaAutoplay,
        breakReminderMinutes: staffPreference.breakReminderMinutes,
      })
      .from(staffPreference)
      .where(eq(staffPreference.staffId, staffId)),
    settings,
  ]);
  return resolvePreferences(rows[0] ?? NO_CHOICES, teamPreferences(team));
}

/**
 * Stores the fields the patch names (each already checked; null returns one to the team's default)
 * on the staff member's own row only, audited with the values set.
 */
export async function updateMyPreferences(db: Db, audited: AuditRunner, staffId: string, patch: PreferencesPatch): Promise<MyPreferences> {
  return audited({ action: "account.preferences.update", detail: { values: patch } }, () =>
    db.transaction(async (tx) => {
      await tx
        .insert(staffPreference)
        .values({ staffId, ...patch })
        .onConflictDoUpdate({ target: staffPreference.staffId, set: { ...patch, updatedAt: sql`now()` } });
      return readMyPreferences(tx, staffId);
    }),
  );
}

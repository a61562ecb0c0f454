import "server-only";
import { sql } from "drizzle-orm";
import type { AuditRunner } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { teamSetting } from "@/lib/db/schema";
import { log } from "@/lib/log";
import {
  DEFAULT_TEAM_SETTINGS,
  TEAM_SETTING_KEYS,
  teamSettingsSchema,
  type TeamSettingKey,
  type TeamSettings,
  type TeamSettingsPatch,
} from "@/lib/settings/model/team-settings";

const isKey = (key: string): key is TeamSettingKey => (TEAM_SETTING_KEYS as string[]).includes(key);

/**
 * The team's settings: each stored key checked by its own schema, the default for a key never set.
 * A stored value that no longer passes (a schema tightened since) is answered with the default and
 * logged, so one old row never breaks every decision.
 */
export async function readTeamSettings(db: Pick<Db, "select">): Promise<TeamSettings> {
  const rows = await db.select({ key: teamSetting.key, value: teamSetting.value }).from(teamSetting);
  const settings: Record<string, unknown> = { ...DEFAULT_TEAM_SETTINGS };
  for (const { key, value } of rows) {
    if (!isKey(key)) continue;
    const parsed = teamSettingsSchema.shape[key].safeParse(value);
    if (parsed.success) settings[key] = parsed.data;
    else log().warn({ key }, "a stored team setting no longer passes its schema; its default is used");
  }
  return settings as TeamSettings;
}

/** Stores the keys the patch names (each already checked), audited with the values before and after. */
export async function updateTeamSettings(db: Db, audited: AuditRunner, staffId: string, patch: TeamSettingsPatch): Promise<TeamSettings> {
  const changed = Object.entries(patch).filter(([, value]) => value !== undefined);
  return audited(
    { action: "settings.update", detail: { keys: changed.map(([key]) => key), values: Object.fromEntries(changed) } },
    () =>
      db.transaction(async (tx) => {
        await tx
          .insert(teamSetting)
          .values(changed.map(([key, value]) => ({ key, value, updatedById: staffId })))
          .onConflictDoUpdate({
            target: teamSetting.key,
            set: { value: sql`excluded.value`, updatedById: sql`excluded.updated_by_id`, updatedAt: sql`now()` },
          });
        return readTeamSettings(tx);
      }),
  );
}

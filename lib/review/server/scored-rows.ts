import "server-only";
import type { Db } from "@/lib/db/open";
import { readReasonSeverities, scoreItems } from "@/lib/policies/server/score-items";
import { readMutedUids } from "@/lib/reporters/server/reporter-mutes";
import { readTeamSettings } from "@/lib/settings/server/team-settings";
import type { FlaggedRows } from "./flagged-to-rows";

/**
 * The rows with their priority as they stand at `now`, scored from the flags they bring (a muted
 * reporter's set aside, as the sync stores them). For a new item that is its whole score, so a
 * first import of 100,000 items is ranked as it lands: scored afterwards, every row was written
 * twice, and rewriting them kept PostgreSQL about half busy for minutes after the import. A known
 * item's stored flags may be more than those listed, so the sync's upsert keeps its score and asks
 * the scorer for a new one instead (lib/review/server/sync.ts).
 */
export async function withPriority(db: Db, rows: readonly FlaggedRows[], now: Date, targetHours: number): Promise<FlaggedRows[]> {
  const [settings, severities, muted] = await Promise.all([
    readTeamSettings(db),
    readReasonSeverities(db),
    readMutedUids(db, [...new Set(rows.flatMap((row) => row.flags.map((f) => f.flaggerUid)))]),
  ]);
  const subjects = rows.map(({ message, flags }) => ({
    id: message.id,
    senderUid: message.senderUid,
    firstFlaggedAt: message.firstFlaggedAt ?? now,
    flags: flags.filter((f) => !muted.has(f.flaggerUid)).map((f) => ({ flaggerUid: f.flaggerUid, severity: severities.get(f.reasonId) ?? null })),
  }));
  const scores = new Map((await scoreItems(db, subjects, settings, targetHours, now.getTime())).map((score) => [score.id, score]));
  return rows.map((row) => {
    const score = scores.get(row.message.id);
    if (!score) return row;
    return { ...row, message: { ...row.message, priority: score.priority, priorityDetail: score.detail, priorityAt: now, priorityDueAt: new Date(score.dueAt) } };
  });
}

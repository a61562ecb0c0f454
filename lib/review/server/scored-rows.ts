import "server-only";
import type { Db } from "@/lib/db/open";
import { scoreItems, type ScoringInputs } from "@/lib/policies/server/score-items";
import type { FlaggedRows } from "./flagged-to-rows";

/**
 * The rows with their priority as they stand at `now`, scored from the flags they bring that are
 * not set aside. For a new item that is its whole score, so a first import of 100,000 items is
 * ranked as it lands: scored afterwards, every row was written twice, and rewriting them kept
 * PostgreSQL about half busy for minutes after the import. A known item's stored flags may be more
 * than those listed, so the sync's upsert keeps its score and asks the scorer for a new one instead
 * (lib/review/server/sync.ts).
 */
export async function withPriority(db: Db, rows: readonly FlaggedRows[], inputs: ScoringInputs, now: Date): Promise<FlaggedRows[]> {
  const subjects = rows.map(({ message, flags }) => ({
    id: message.id,
    senderUid: message.senderUid,
    firstFlaggedAt: message.firstFlaggedAt ?? now,
    flags: flags.filter((f) => !f.setAsideAt).map((f) => ({ flaggerUid: f.flaggerUid, severity: inputs.severities.get(f.reasonId) ?? null })),
  }));
  const scores = new Map((await scoreItems(db, subjects, inputs, now.getTime())).map((score) => [score.id, score]));
  return rows.map((row) => {
    const score = scores.get(row.message.id);
    if (!score) return row;
    return { ...row, message: { ...row.message, priority: score.priority, priorityDetail: score.detail, priorityAt: now, priorityDueAt: new Date(score.dueAt) } };
  });
}

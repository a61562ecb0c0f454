import "server-only";
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flag, flaggedMessage as fm, policy, reasonPolicy } from "@/lib/db/schema";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { readTeamSettings } from "@/lib/settings/server/team-settings";
import { ageMovesScoreAt, priorityScore, type FlaggerRecord } from "@/lib/policies/model/priority";
import { liveStrikes } from "@/lib/strikes/server/strike-ledger";
import { readReporterReliability } from "@/lib/reporters/server/reporter-reliability";

/**
 * Keeps open items' priority scores current, on the syncing instance after each sync. The score
 * is stored (so "priority" is an indexed order over 100,000 items, not a sort of all of them per
 * page) and so it is as fresh as its inputs: an item new or changed since (priority_due_at null)
 * is scored first, then each item when waiting next moves its score by a point, or after
 * RESCORE_AFTER_MS at the latest (a strike expiring is no event). A decision changes its sender's
 * strikes and its flaggers' records, so their other open items are marked to score again (a
 * flagger's up to FLAGGER_MARKS_PER_SYNC of them); so is every item when the settings or policies
 * that feed the formula change.
 */

/** Items scored per call: a bounded write per sync, however large the queue. */
export const PRIORITY_BATCH = 500;
/**
 * A decision moves each of its flaggers' records by one flag, and a prolific flagger has flagged
 * thousands of open items: marking them all rewrote most of a 100,000-item queue after every sync.
 * At most one sync's scoring of them is marked per sync, the highest first (where the order matters
 * most); the others move when their age or the backstop scores them again. Marking 2,000 (four
 * syncs' scoring) rewrote rows, each with the queue's fifteen indexes, that the next syncs could
 * not score anyway, and held the locks of the queue's top rows, the ones moderators claim, for
 * seconds at 100,000 items.
 */
export const FLAGGER_MARKS_PER_SYNC = PRIORITY_BATCH;
/**
 * The backstop: strikes expire in days, so a few hours' lag is within their grain, and 100,000 items
 * re-scored over six hours are 5 rows a second (a quarter hour, the first version, was 110).
 */
export const RESCORE_AFTER_MS = 6 * 3_600_000;

type RefreshState = { decidedSince: Date; inputsKey: string };
const states = new WeakMap<Db, RefreshState>();

export type RefreshResult = { scored: number; changed: string[] };

export async function refreshPriorities(db: Db, targetHours: number, nowMs = Date.now()): Promise<RefreshResult> {
  const now = new Date(nowMs);
  const settings = await readTeamSettings(db);
  const state = states.get(db);
  const inputsKey = JSON.stringify([settings.priorityWeights, settings.strikeExpiryDays, settings.strikeThresholds, targetHours, await policyInputs(db)]);
  // Only changes this process saw: at start (or on taking the sync over) marking 100,000 rows would
  // rewrite the whole queue, and whatever changed before is caught by the quarter-hour re-score.
  if (state && state.inputsKey !== inputsKey) await markAllStale(db);
  else if (state) await markStaleAfterDecisions(db, state.decidedSince);
  states.set(db, { decidedSince: now, inputsKey });

  const due = await db
    .select({ id: fm.id, senderUid: fm.senderUid, firstFlaggedAt: fm.firstFlaggedAt, priority: fm.priority })
    .from(fm)
    .where(and(eq(fm.state, "open"), or(isNull(fm.priorityDueAt), lte(fm.priorityDueAt, now))))
    .orderBy(sql`${fm.priorityDueAt} asc nulls first`, fm.id)
    .limit(PRIORITY_BATCH);
  if (due.length === 0) return { scored: 0, changed: [] };

  const ids = due.map((item) => item.id);
  const flags = await db
    .select({ messageId: flag.messageId, flaggerUid: flag.flaggerUid, severity: policy.severity })
    .from(flag)
    .leftJoin(reasonPolicy, eq(reasonPolicy.reasonId, flag.reasonId))
    .leftJoin(policy, and(eq(policy.id, reasonPolicy.policyId), eq(policy.archived, false)))
    .where(and(inArray(flag.messageId, ids), isNull(flag.setAsideAt)));
  const [records, strikes] = await Promise.all([
    readReporterReliability(db, [...new Set(flags.map((f) => f.flaggerUid))]),
    liveStrikes(db, [...new Set(due.map((item) => item.senderUid))], now, settings.strikeExpiryDays),
  ]);
  const strikesForFull = Math.max(0, ...settings.strikeThresholds.map((t) => t.strikes));
  const byItem = new Map<string, typeof flags>();
  for (const f of flags) byItem.set(f.messageId, [...(byItem.get(f.messageId) ?? []), f]);

  const backstop = nowMs + RESCORE_AFTER_MS;
  const scored = due.map((item) => {
    const itemFlags = byItem.get(item.id) ?? [];
    const severities = itemFlags.flatMap((f) => (f.severity === null ? [] : [f.severity]));
    const firstFlaggedMs = item.firstFlaggedAt.getTime();
    const inputs = {
      severity: severities.length ? Math.max(...severities) : null,
      flaggers: itemFlags.map((f) => records.get(f.flaggerUid) ?? NO_RECORD),
      liveStrikes: strikes.get(item.senderUid) ?? 0,
      strikesForFull,
      ageSeconds: (nowMs - firstFlaggedMs) / 1000,
      targetSeconds: targetHours * 3600,
    };
    const breakdown = priorityScore(inputs, settings.priorityWeights);
    const moves = ageMovesScoreAt(inputs, settings.priorityWeights);
    const dueAt = moves === null ? backstop : Math.min(backstop, firstFlaggedMs + moves * 1000);
    return { id: item.id, priority: breakdown.score, detail: breakdown, dueAt: new Date(dueAt).toISOString(), was: item.priority };
  });
  // Only items still open: one decided meanwhile keeps the score it was decided with.
  await db.execute(sql`
    update ${fm} set priority = v.priority, priority_detail = v.detail, priority_at = ${now}, priority_due_at = v.due_at
    from jsonb_to_recordset(${JSON.stringify(scored.map(({ id, priority, detail, dueAt }) => ({ id, priority, detail, due_at: dueAt })))}::jsonb)
      as v(id text, priority int, detail jsonb, due_at timestamptz)
    where ${fm.id} = v.id and ${fm.state} = 'open'`);
  const changed = scored.filter((item) => item.priority !== item.was).map((item) => item.id);
  if (changed.length) markQueueChanged(db, changed);
  return { scored: scored.length, changed };
}

const NO_RECORD: FlaggerRecord = { upheld: 0, dismissed: 0 };

/** What of the policies feeds a score: a change to a severity or the reason map re-scores every item. */
async function policyInputs(db: Db): Promise<unknown> {
  const [policies, map] = await Promise.all([
    db.select({ id: policy.id, severity: policy.severity, archived: policy.archived }).from(policy).orderBy(policy.id),
    db.select().from(reasonPolicy).orderBy(reasonPolicy.reasonId),
  ]);
  return [policies, map];
}

async function markAllStale(db: Db): Promise<void> {
  await db.update(fm).set({ priorityDueAt: null }).where(and(eq(fm.state, "open"), isNotNull(fm.priorityDueAt)));
}

/**
 * The open items whose sender or flaggers a decision since `since` concerned. Most syncs follow no
 * decision: one index range says so before anything is marked.
 */
async function markStaleAfterDecisions(db: Db, since: Date): Promise<void> {
  const decided = await db.select({ id: fm.id, senderUid: fm.senderUid }).from(fm).where(gt(fm.decidedAt, since));
  if (decided.length === 0) return;
  const stillScored = and(eq(fm.state, "open"), isNotNull(fm.priorityDueAt));
  const senders = [...new Set(decided.map((d) => d.senderUid))];
  await markForScoring(db, and(stillScored, inArray(fm.senderUid, senders)));
  const flaggers = db.selectDistinct({ uid: flag.flaggerUid }).from(flag).where(inArray(flag.messageId, decided.map((d) => d.id)));
  const flaggedByThem = db.selectDistinct({ id: flag.messageId }).from(flag).where(inArray(flag.flaggerUid, flaggers));
  // Found before anything is locked (over a prolific flagger's items this read is the long part), so the marking statement is short.
  const firstInLine = await db
    .select({ id: fm.id })
    .from(fm)
    .where(and(stillScored, inArray(fm.id, flaggedByThem)))
    .orderBy(desc(fm.priority))
    .limit(FLAGGER_MARKS_PER_SYNC);
  if (firstInLine.length) await markForScoring(db, and(stillScored, inArray(fm.id, firstInLine.map((row) => row.id))));
}

/**
 * Marks the items `where` selects to be scored again, passing over a row a moderator's command
 * holds: a mark is a hint the backstop repeats, and a claim must never wait for one.
 */
async function markForScoring(db: Db, where: SQL | undefined): Promise<void> {
  const free = db.select({ id: fm.id }).from(fm).where(where).for("update", { skipLocked: true });
  await db.update(fm).set({ priorityDueAt: null }).where(inArray(fm.id, free));
}

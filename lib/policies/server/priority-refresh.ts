import "server-only";
import { and, desc, eq, exists, gt, inArray, isNotNull, isNull, lte, notExists, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flag, flaggedMessage as fm, priorityMark } from "@/lib/db/schema";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { readScoringInputs, scoreItems } from "./score-items";

/**
 * Keeps open items' priority scores current, on the syncing instance after each sync. The score
 * is stored (so "priority" is an indexed order over 100,000 items, not a sort of all of them per
 * page) and so it is as fresh as its inputs. A decision changes its sender's strikes and its
 * flaggers' records, so their other open items are marked (priority_mark, up to MARKS_PER_SYNC of
 * them, in rounds at most every MARK_DECISIONS_EVERY_MS) and scored first; then an item whose
 * flags changed since (priority_due_at null: new items arrive scored by the sync); then each item
 * when waiting next moves its score by a point, or after RESCORE_AFTER_MS (./score-items) at the
 * latest (a strike expiring is no event). Every item is scored again when the settings or policies
 * that feed the formula change.
 */

/** Items scored per call: a bounded write per sync, however large the queue. */
export const PRIORITY_BATCH = 500;
/**
 * A decision moves its sender's strikes and each of its flaggers' records, and a prolific flagger
 * has flagged thousands of open items: at most one sync's scoring of them is marked per sync, the
 * highest first (where the order matters most); the others move when their age or the backstop
 * scores them again. Marks are rows of a narrow table of their own: setting priority_due_at on the
 * items instead rewrote them, each with the queue's sixteen indexes, and held the locks of the
 * queue's top rows, the ones moderators claim, for the whole statement (claims waited 0.3-1 s on
 * average and up to 28 s, one marking of 2,783 rows took 29 s, at 100,000 items).
 */
export const MARKS_PER_SYNC = PRIORITY_BATCH;
/**
 * Decisions are marked in rounds, each round taking every decision since the last: with fifty
 * moderators deciding about once a second, marking after every sync (3 s) rewrote 100-430 of the
 * queue's top rows each time, a quarter of PostgreSQL's statement time at 100,000 items, and told
 * every instance the queue had changed. A round's marks are the highest concerned items whatever
 * the number of decisions in it, so fewer rounds rewrite less; a decision moves its sender's and
 * flaggers' other items within this time and a sync.
 */
export const MARK_DECISIONS_EVERY_MS = 15_000;
/** `decidedSince`: when the last round of marking ran (decisions after it are marked by the next). */
type RefreshState = { decidedSince: Date; inputsKey: string };
const states = new WeakMap<Db, RefreshState>();

/** Items scored (whether written or left as they were), items written, and those whose score moved. */
export type RefreshResult = { scored: number; written: number; changed: string[] };

export async function refreshPriorities(db: Db, targetHours: number, nowMs = Date.now()): Promise<RefreshResult> {
  const now = new Date(nowMs);
  const inputs = await readScoringInputs(db, targetHours);
  const { settings } = inputs;
  const state = states.get(db);
  // A policy's severity or the reason map counts through each reason's severity, which the key holds in reason order.
  const inputsKey = JSON.stringify([settings.priorityWeights, settings.strikeExpiryDays, settings.strikeThresholds, targetHours, [...inputs.severities]]);
  // Only changes this process saw: at start (or on taking the sync over) marking 100,000 rows would
  // rewrite the whole queue, and whatever changed before is caught by the backstop's re-score.
  let decidedSince = now;
  if (state && state.inputsKey !== inputsKey) await markAllStale(db);
  else if (state && nowMs - state.decidedSince.getTime() >= MARK_DECISIONS_EVERY_MS) await markStaleAfterDecisions(db, state.decidedSince);
  else if (state) decidedSince = state.decidedSince;
  states.set(db, { decidedSince, inputsKey });

  const due = await readDue(db, now);
  if (due.length === 0) return { scored: 0, written: 0, changed: [] };

  const ids = due.map((item) => item.id);
  const flags = await db
    .select({ messageId: flag.messageId, flaggerUid: flag.flaggerUid, reasonId: flag.reasonId })
    .from(flag)
    .where(and(inArray(flag.messageId, ids), isNull(flag.setAsideAt)));
  const byItem = new Map<string, { flaggerUid: string; severity: number | null }[]>();
  for (const f of flags) byItem.set(f.messageId, [...(byItem.get(f.messageId) ?? []), { flaggerUid: f.flaggerUid, severity: inputs.severities.get(f.reasonId) ?? null }]);
  const scores = await scoreItems(db, due.map((item) => ({ ...item, flags: byItem.get(item.id) ?? [] })), inputs, nowMs);
  const stored = new Map(due.map((item) => [item.id, item]));
  const scored = scores.map((score) => ({ ...score, was: stored.get(score.id)?.priority, wasDueAt: stored.get(score.id)?.priorityDueAt?.getTime() }));
  // A marked item not yet due whose score stays, and whose next move waiting alone is no sooner, is
  // left as it is (its breakdown stays that of its last scoring, `priority_at`). Marks come from
  // decisions concerning a sender or a flagger, and one more decision on a flagger of hundreds
  // seldom moves a score: rewriting them anyway was a fifth of PostgreSQL's work at 100,000 items
  // with fifty moderators, on the queue's top rows, the ones moderators claim.
  const kept = scored.filter((item) => item.wasDueAt !== undefined && item.wasDueAt > nowMs && item.priority === item.was && item.dueAt >= item.wasDueAt);
  const keptIds = new Set(kept.map((item) => item.id));
  const toWrite = scored.filter((item) => !keptIds.has(item.id));
  // Only items still open (one decided meanwhile keeps the score it was decided with), and not one a
  // moderator's command holds: a claim never waits for a score, and the skipped item stays due.
  const written = toWrite.length
    ? await db.execute<{ id: string }>(sql`
    update ${fm} set priority = v.priority, priority_detail = v.detail, priority_at = ${now}, priority_due_at = v.due_at
    from jsonb_to_recordset(${JSON.stringify(toWrite.map(({ id, priority, detail, dueAt }) => ({ id, priority, detail, due_at: new Date(dueAt).toISOString() })))}::jsonb)
      as v(id text, priority int, detail jsonb, due_at timestamptz)
    where ${fm.id} = v.id and ${fm.id} in (select ${fm.id} from ${fm} where ${inArray(fm.id, toWrite.map((item) => item.id))} and ${fm.state} = 'open' for update skip locked)
    returning ${fm.id}`)
    : { rows: [] };
  const done = new Set([...written.rows.map((row) => row.id), ...keptIds]);
  // The scored items' marks go, and any mark that outlived its item's decision or removal (no foreign key, see the table).
  const openItem = db.select({ id: fm.id }).from(fm).where(and(eq(fm.id, priorityMark.messageId), eq(fm.state, "open")));
  await db.delete(priorityMark).where(or(inArray(priorityMark.messageId, [...done]), notExists(openItem)));
  const changed = toWrite.filter((item) => done.has(item.id) && item.priority !== item.was).map((item) => item.id);
  if (changed.length) markQueueChanged(db, changed);
  return { scored: done.size, written: written.rows.length, changed };
}

type CatchUpOptions = { budgetMs: number; clock?: () => number; nowMs?: () => number };

/**
 * A sync's scoring: batch after batch while a full batch was written (a backlog: a change to the
 * settings or policies leaves every item to score again), until `budgetMs` is spent, one batch at
 * least. One batch a sync would score 100,000 items over eleven minutes. Marked items left as they
 * were end it: fifty moderators' decisions keep thousands marked, and scoring them batch after batch
 * for half of every interval kept the syncing instance busy for nothing written. Each batch is its
 * own statement, so no row is held for long.
 */
export async function scorePriorities(db: Db, targetHours: number, { budgetMs, clock = () => performance.now(), nowMs = Date.now }: CatchUpOptions): Promise<RefreshResult> {
  const started = clock();
  const total: RefreshResult = { scored: 0, written: 0, changed: [] };
  for (;;) {
    const batch = await refreshPriorities(db, targetHours, nowMs());
    total.scored += batch.scored;
    total.written += batch.written;
    total.changed.push(...batch.changed);
    if (batch.written < PRIORITY_BATCH || clock() - started >= budgetMs) return total;
  }
}

const dueColumns = { id: fm.id, senderUid: fm.senderUid, firstFlaggedAt: fm.firstFlaggedAt, priority: fm.priority, priorityDueAt: fm.priorityDueAt };

/** Up to PRIORITY_BATCH open items to score: the marked ones, highest first, then the due ones. */
async function readDue(db: Db, now: Date) {
  const marked = await db.select(dueColumns).from(priorityMark).innerJoin(fm, eq(fm.id, priorityMark.messageId)).where(eq(fm.state, "open")).orderBy(desc(fm.priority), fm.id).limit(PRIORITY_BATCH);
  if (marked.length === PRIORITY_BATCH) return marked;
  const waiting = await db
    .select(dueColumns)
    .from(fm)
    .where(and(eq(fm.state, "open"), or(isNull(fm.priorityDueAt), lte(fm.priorityDueAt, now)), marked.length ? notInArray(fm.id, marked.map((item) => item.id)) : undefined))
    .orderBy(sql`${fm.priorityDueAt} asc nulls first`, fm.id)
    .limit(PRIORITY_BATCH - marked.length);
  return [...marked, ...waiting];
}

async function markAllStale(db: Db): Promise<void> {
  await db.update(fm).set({ priorityDueAt: null }).where(and(eq(fm.state, "open"), isNotNull(fm.priorityDueAt)));
}

/**
 * Marks the open items whose sender or flaggers a decision since `since` concerned, highest first.
 * Most syncs follow no decision: one index range says so before anything is marked. Reading the
 * items takes no lock, and the marks are inserted into their own table: no queue row is written.
 */
async function markStaleAfterDecisions(db: Db, since: Date): Promise<void> {
  const decided = await db.select({ id: fm.id, senderUid: fm.senderUid }).from(fm).where(gt(fm.decidedAt, since));
  if (decided.length === 0) return;
  const senders = [...new Set(decided.map((d) => d.senderUid))];
  const flaggers = (await db.selectDistinct({ uid: flag.flaggerUid }).from(flag).where(inArray(flag.messageId, decided.map((d) => d.id)))).map((row) => row.uid);
  // Each way of being concerned walks flagged_message_state_priority_idx from the top and stops at
  // the limit. Asked as one condition (sender, or any flag by a flagger), PostgreSQL first gathered
  // every item the flaggers ever flagged: with 48 flaggers over 100,000 items, three decisions
  // concerned 55,000 items and each marking took 0.3-1.3 s (a fifth of its work with fifty moderators).
  const highest = (concerned: SQL) =>
    db
      .select({ id: fm.id, priority: fm.priority, lastFlaggedAt: fm.lastFlaggedAt })
      .from(fm)
      .where(and(eq(fm.state, "open"), concerned))
      .orderBy(...BY_PRIORITY)
      .limit(MARKS_PER_SYNC);
  const flaggedByThem = () => exists(db.select({ one: sql`1` }).from(flag).where(and(eq(flag.messageId, fm.id), inArray(flag.flaggerUid, flaggers))));
  const branches = [highest(inArray(fm.senderUid, senders)), ...(flaggers.length ? [highest(flaggedByThem())] : [])];
  await db.execute(sql`
    insert into ${priorityMark} (message_id)
    select c.id from (${sql.join(branches.map((branch) => sql`(${branch})`), sql` union all `)}) c
    order by c.priority desc, c.last_flagged_at desc, c.id desc
    limit ${MARKS_PER_SYNC}
    on conflict do nothing`);
}

/** The order flagged_message_state_priority_idx holds (lib/review/server/queue-query.ts reads pages in it too). */
const BY_PRIORITY = [sql`${fm.priority} desc nulls last`, sql`${fm.lastFlaggedAt} desc nulls last`, sql`${fm.id} desc nulls last`];

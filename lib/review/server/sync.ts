import "server-only";
import { inArray, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { FlaggedMessage } from "@/lib/chat/schemas";
import type { Db } from "@/lib/db/open";
import { jsonRows, takeIncoming } from "@/lib/db/json-rows";
import { flag, flaggedMessage } from "@/lib/db/schema";
import { env } from "@/lib/env/server";
import { flaggedToRows, upstreamDigest, type FlaggedRows } from "./flagged-to-rows";
import { withPriority } from "./scored-rows";
import { readScoringInputs, type ScoringInputs } from "@/lib/policies/server/score-items";
import { changeStamp } from "./change-stamp";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { reportSkipped } from "./report-sync-problems";
import { shouldReopen } from "@/lib/review/model/reopen-rule";
import { readMutedUids } from "@/lib/reporters/server/reporter-mutes";
import { settleSetAside } from "@/lib/reporters/server/settle-set-aside";

type Reopened = { id: string; senderUid: string; flaggedAt: number[] };
/** `written`: messages new or changed since the last sync; `skipped`: ids the database refused even on their own (reported, not stored). */
export type SyncResult = { reopened: Reopened[]; written: number; skipped: string[] };

/**
 * Keeps every flagged message the dashboard receives: new messages are added, scored against
 * `targetHours` (the review target); known ones get their latest text and flags, and a decided
 * item that received a flag from a new flagger after its decision reopens (marked `reopened`, with
 * an audit row). The rows being changed are locked, so a moderator's decision and a sync never
 * overwrite each other.
 */
export async function syncFlaggedMessages(db: Db, incoming: readonly FlaggedMessage[], now = new Date(), targetHours = env().REVIEW_TARGET_HOURS): Promise<SyncResult> {
  if (incoming.length === 0) return { reopened: [], written: 0, skipped: [] };
  // The chat service should not list a message twice; if it does, the later copy wins.
  const lastAt = new Map(incoming.map((m, at) => [m.id, at]));
  const unique = incoming.filter((m, at) => lastAt.get(m.id) === at);
  const reopened: Reopened[] = [];
  const skipped: string[] = [];
  const writtenIds: string[] = [];
  let written = 0;
  // A batch at a time, each its own transaction: a large first import never holds every row's lock
  // at once, and a list of thousands is never turned into rows (or one statement) whole, which
  // grew the embedded database's memory by a batch's size for good.
  // The settings and reasons' severities are read for the first changed page only: an import is hundreds of pages.
  let scoring: Promise<ScoringInputs> | undefined;
  for (const batch of chunks(unique)) {
    const changed = (await changedMessages(db, batch)).map(({ message, digest }) => flaggedToRows(message, now, digest));
    if (changed.length === 0) continue;
    scoring ??= readScoringInputs(db, targetHours);
    const stored = await storeEachIfRefused(db, await withPriority(db, await withMutedSetAside(db, changed, now), await scoring, now), now);
    reopened.push(...stored.reopened);
    skipped.push(...stored.skipped);
    written += stored.written;
    if (stored.written) writtenIds.push(...changed.map((r) => r.message.id));
  }
  if (writtenIds.length) markQueueChanged(db, writtenIds);

  for (const item of reopened) {
    await recordAudit(db, {
      actor: null,
      action: "review.reopen",
      targetMessageId: item.id,
      targetUids: [item.senderUid],
      detail: { reason: "new flag after the decision", flaggedAt: item.flaggedAt },
    });
  }
  return { reopened, written, skipped };
}

/** The rows with a muted reporter's flags set aside as of `now`: scored without them and stored so. */
async function withMutedSetAside(db: Db, rows: FlaggedRows[], now: Date): Promise<FlaggedRows[]> {
  const muted = await readMutedUids(db, [...new Set(rows.flatMap((row) => row.flags.map((f) => f.flaggerUid)))]);
  if (muted.size === 0) return rows;
  return rows.map((row) => ({ ...row, flags: row.flags.map((f) => (muted.has(f.flaggerUid) ? { ...f, setAsideAt: now } : f)) }));
}

/**
 * After the first import nearly every listed message is unchanged: they are found by their digest
 * without a lock or a write, and without being turned into rows, so a sync of an unchanged list
 * hashes the messages, reads the digests and does nothing else. storeRows compares again under
 * the lock, for a change made in between.
 */
async function changedMessages(db: Db, messages: FlaggedMessage[]): Promise<{ message: FlaggedMessage; digest: string }[]> {
  const known = await db
    .select({ id: flaggedMessage.id, digest: flaggedMessage.upstreamDigest })
    .from(flaggedMessage)
    .where(inArray(flaggedMessage.id, messages.map((m) => m.id)));
  const digests = new Map(known.map((k) => [k.id, k.digest]));
  return messages.map((message) => ({ message, digest: upstreamDigest(message) })).filter(({ message, digest }) => digests.get(message.id) !== digest);
}

/**
 * One message the database refuses (a value out of a column's range) must not keep the rest of the
 * list out of the queue: when the whole list fails on a refused value, each message is stored on
 * its own and the ones still refused are skipped, logged by id (once) and shown on the status line.
 */
async function storeEachIfRefused(db: Db, rows: FlaggedRows[], now: Date): Promise<StoreResult & { skipped: string[] }> {
  try {
    return { ...(await storeRows(db, rows, now)), skipped: [] };
  } catch (error) {
    if (!isRefusedValue(error)) throw error;
  }
  const result: StoreResult & { skipped: string[] } = { reopened: [], written: 0, skipped: [] };
  for (const row of rows) {
    try {
      const one = await storeRows(db, [row], now);
      result.reopened.push(...one.reopened);
      result.written += one.written;
    } catch (error) {
      if (!isRefusedValue(error)) throw error;
      result.skipped.push(row.message.id);
      reportSkipped(row.message.id, refusalCode(error));
    }
  }
  return result;
}

/** PostgreSQL's class 22 ("data exception"): the value, not the database, is the problem. */
function refusalCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("22")) return code;
  }
  return undefined;
}

const isRefusedValue = (error: unknown) => refusalCode(error) !== undefined;

type StoreResult = { reopened: Reopened[]; written: number };

async function storeRows(db: Db, rows: FlaggedRows[], now: Date): Promise<StoreResult> {
  const ids = rows.map((r) => r.message.id);
  return db.transaction(async (tx) => {
    const known = await tx
      .select({
        id: flaggedMessage.id,
        state: flaggedMessage.state,
        decidedAt: flaggedMessage.decidedAt,
        senderUid: flaggedMessage.senderUid,
        digest: flaggedMessage.upstreamDigest,
      })
      .from(flaggedMessage)
      .where(inArray(flaggedMessage.id, ids))
      .orderBy(flaggedMessage.id)
      .for("update");

    // Most of a list is unchanged since the last fetch: those rows are not written at all, so an
    // unchanged list changes nothing the queue's fingerprint reads.
    const digests = new Map(known.map((k) => [k.id, k.digest]));
    const changed = rows.filter((r) => digests.get(r.message.id) !== r.message.upstreamDigest);

    // At most one batch of messages (syncFlaggedMessages), so one statement.
    if (changed.length) {
      const rows = jsonRows(flaggedMessage, changed.map((r) => r.message));
      await tx.execute(sql`
        insert into ${flaggedMessage} ${rows.columns} ${rows.select}
        on conflict (id) do update set
          ${takeIncoming(flaggedMessage, ["text", "senderName", "receiverType", "searchText", "message", "conversationId", "upstreamDigest"])},
          flagged_count = greatest(flagged_message.flagged_count, excluded.flagged_count),
          first_flagged_at = least(flagged_message.first_flagged_at, excluded.first_flagged_at),
          last_flagged_at = greatest(flagged_message.last_flagged_at, excluded.last_flagged_at),
          -- Flags are kept when a later list leaves them out, so their reasons are too (exact either way: migration 0025).
          reason_ids = array(select distinct r collate "C" from unnest(flagged_message.reason_ids || excluded.reason_ids) u(r) order by 1),
          -- The incoming row's score counts only the flags listed now (lib/review/server/scored-rows.ts):
          -- a known item keeps its score and is scored again first.
          priority_due_at = null,
          updated_at = ${now.toISOString()}::timestamptz`);
    }

    // A muted reporter's flags arrive set aside (withMutedSetAside), so they never open an item (settleSetAside below).
    const flagRows = changed.flatMap((r) => r.flags);
    const changedIds = changed.map((r) => r.message.id);
    const knownFlags = new Set(
      (changedIds.length ? await tx.select({ messageId: flag.messageId, flaggerUid: flag.flaggerUid }).from(flag).where(inArray(flag.messageId, changedIds)) : []).map(
        (f) => `${f.messageId}\u0000${f.flaggerUid}`,
      ),
    );
    for (const batch of chunks(flagRows)) {
      const rows = jsonRows(flag, batch);
      await tx.execute(sql`
        insert into ${flag} ${rows.columns} ${rows.select}
        on conflict (message_id, flagger_uid) do update set
          ${takeIncoming(flag, ["flaggerName", "flaggerAvatar", "flaggerRole", "reasonId", "reasonName", "description", "remark", "flaggedAt"])}`);
    }
    const newFlagTimes = new Map<string, number[]>();
    const liveFlagTimes = new Map<string, number[]>();
    for (const f of flagRows) {
      if (knownFlags.has(`${f.messageId}\u0000${f.flaggerUid}`)) continue;
      const at = Math.floor(f.flaggedAt.getTime() / 1000);
      newFlagTimes.set(f.messageId, [...(newFlagTimes.get(f.messageId) ?? []), at]);
      if (!f.setAsideAt) liveFlagTimes.set(f.messageId, [...(liveFlagTimes.get(f.messageId) ?? []), at]);
    }

    const flagged = known.filter((k) => newFlagTimes.has(k.id)).map((k) => k.id);
    if (flagged.length) {
      await tx
        .update(flaggedMessage)
        .set(changeStamp(null, now))
        .where(inArray(flaggedMessage.id, flagged));
    }
    const reopened = known
      .filter((k) => shouldReopen(k, liveFlagTimes.get(k.id) ?? []))
      .map((k) => ({ id: k.id, senderUid: k.senderUid, flaggedAt: liveFlagTimes.get(k.id) ?? [] }));
    if (reopened.length) {
      await tx
        .update(flaggedMessage)
        // Open again, its strike (if any) is withdrawn until it is decided again, as a moderator's reopen does.
        .set({ state: "open", reopened: true, assigneeId: null, takenFromId: null, priorityDueAt: null, policyId: null, strikeWeight: 0 })
        .where(inArray(flaggedMessage.id, reopened.map((r) => r.id)));
    }
    await settleSetAside(tx, changedIds, null, now);
    return { reopened, written: changed.length };
  });
}

/**
 * Messages per transaction and rows per statement (PostgreSQL takes at most 65535 parameters; a
 * flag row has 10). Small, because PGlite keeps the memory a statement needed: with batches of
 * 1,000 messages a first list of 3,500 left its WebAssembly memory 32 MiB larger, with 250, 11.
 */
const BATCH_ROWS = 250;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH_ROWS) out.push(rows.slice(i, i + BATCH_ROWS));
  return out;
}

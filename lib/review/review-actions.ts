import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { flaggedMessage, reviewNote, staff } from "@/lib/db/schema";
import { loadQueueItem, toReviewNote } from "./load-queue";
import { markQueueChanged } from "./queue-changes";
import type { BulkReviewBody, BulkReviewResult, ReviewCommandBody, ReviewNote, StoredItem } from "./review-schemas";
import { applyReviewCommand, type ReviewFields, type StaffRef } from "./transitions";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const NOT_IN_QUEUE = "This message is not in the review queue.";

const staffRef = (actor: StaffSession): StaffRef => ({ id: actor.id, name: actor.name || actor.email });
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Claim, unclaim, resolve, dismiss or reopen one item, with an optional note; returns the item as the queue shows it. */
export async function runReviewCommand(db: Db, audited: AuditRunner, actor: StaffSession, id: string, body: ReviewCommandBody): Promise<StoredItem> {
  const [target] = await db.select({ senderUid: flaggedMessage.senderUid }).from(flaggedMessage).where(eq(flaggedMessage.id, id));
  if (!target) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
  await audited(
    { action: `review.${body.action}`, targetMessageId: id, targetUids: [target.senderUid], detail: body.note ? { note: body.note } : {} },
    () =>
      db.transaction(async (tx) => {
        const current = (await lockReviewFields(tx, [id])).get(id);
        if (!current) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
        const outcome = applyReviewCommand(current, body.action, staffRef(actor), nowSeconds());
        if (!outcome.ok) throw new ApiError("ERR_CONFLICT", outcome.reason);
        await writeReviewFields(tx, [id], outcome.next);
        if (body.note) await insertNotes(tx, [id], actor, body.note);
      }),
  );
  markQueueChanged(db);
  const item = await loadQueueItem(db, id);
  if (!item) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
  return item;
}

/** Adds a moderator's note to an item's thread. */
export async function addReviewNote(db: Db, audited: AuditRunner, actor: StaffSession, id: string, body: string): Promise<ReviewNote> {
  const [target] = await db.select({ senderUid: flaggedMessage.senderUid }).from(flaggedMessage).where(eq(flaggedMessage.id, id));
  if (!target) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
  const note = await audited(
    { action: "review.note", targetMessageId: id, targetUids: [target.senderUid], detail: { note: body } },
    () =>
      db.transaction(async (tx) => {
        const [note] = await insertNotes(tx, [id], actor, body);
        if (!note) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
        await tx
          .update(flaggedMessage)
          .set({ version: sql`${flaggedMessage.version} + 1`, updatedAt: new Date() })
          .where(eq(flaggedMessage.id, id));
        return note;
      }),
    (added) => ({ noteId: added.id }),
  );
  markQueueChanged(db);
  return note;
}

/**
 * Resolves or dismisses many items in one transaction and one audit row. Items that cannot take
 * the decision (already decided, unknown) are skipped with the reason, not failed as a whole.
 */
export async function bulkReview(db: Db, audited: AuditRunner, actor: StaffSession, body: BulkReviewBody): Promise<BulkReviewResult> {
  const ids = [...new Set(body.ids)];
  const senders = await db.selectDistinct({ uid: flaggedMessage.senderUid }).from(flaggedMessage).where(inArray(flaggedMessage.id, ids));
  const result = await audited(
    {
      action: `review.${body.action}`,
      targetUids: senders.map((s) => s.uid),
      detail: { bulk: true, messageIds: ids, ...(body.note ? { note: body.note } : {}) },
    },
    () =>
      db.transaction(async (tx) => {
        const current = await lockReviewFields(tx, ids);
        const now = nowSeconds();
        const updated: string[] = [];
        const skipped: BulkReviewResult["skipped"] = [];
        const byNext = new Map<string, { next: ReviewFields; ids: string[] }>();
        for (const id of ids) {
          const fields = current.get(id);
          const outcome = fields ? applyReviewCommand(fields, body.action, staffRef(actor), now) : { ok: false as const, reason: NOT_IN_QUEUE };
          if (!outcome.ok) {
            skipped.push({ id, reason: outcome.reason });
            continue;
          }
          // Items with the same resulting fields (same assignee) are written in one statement.
          const key = JSON.stringify(outcome.next);
          const group = byNext.get(key) ?? { next: outcome.next, ids: [] };
          group.ids.push(id);
          byNext.set(key, group);
          updated.push(id);
        }
        for (const group of byNext.values()) await writeReviewFields(tx, group.ids, group.next);
        if (body.note && updated.length) await insertNotes(tx, updated, actor, body.note);
        return { updated, skipped };
      }),
    (done) => ({ updated: done.updated, skipped: done.skipped.map((s) => s.id) }),
  );
  markQueueChanged(db);
  return result;
}

/** The review fields of these items, locked until the transaction ends, so concurrent changes queue up. */
async function lockReviewFields(tx: Tx, ids: string[]): Promise<Map<string, ReviewFields>> {
  if (ids.length === 0) return new Map();
  const assignee = alias(staff, "assignee");
  const decider = alias(staff, "decider");
  const rows = await tx
    .select({
      id: flaggedMessage.id,
      state: flaggedMessage.state,
      reopened: flaggedMessage.reopened,
      assigneeId: flaggedMessage.assigneeId,
      assigneeName: assignee.name,
      decidedAt: flaggedMessage.decidedAt,
      decidedById: flaggedMessage.decidedById,
      deciderName: decider.name,
    })
    .from(flaggedMessage)
    .leftJoin(assignee, eq(assignee.id, flaggedMessage.assigneeId))
    .leftJoin(decider, eq(decider.id, flaggedMessage.decidedById))
    .where(inArray(flaggedMessage.id, ids))
    .orderBy(flaggedMessage.id)
    .for("update", { of: flaggedMessage });
  return new Map(
    rows.map((r) => [
      r.id,
      {
        state: r.state,
        reopened: r.reopened,
        assignee: r.assigneeId ? { id: r.assigneeId, name: r.assigneeName ?? "a former staff member" } : null,
        decidedAt: r.decidedAt ? Math.floor(r.decidedAt.getTime() / 1000) : null,
        decidedBy: r.decidedById ? { id: r.decidedById, name: r.deciderName ?? "a former staff member" } : null,
      },
    ]),
  );
}

async function writeReviewFields(tx: Tx, ids: string[], next: ReviewFields): Promise<void> {
  await tx
    .update(flaggedMessage)
    .set({
      state: next.state,
      reopened: next.reopened,
      assigneeId: next.assignee?.id ?? null,
      decidedAt: next.decidedAt === null ? null : new Date(next.decidedAt * 1000),
      decidedById: next.decidedBy?.id ?? null,
      version: sql`${flaggedMessage.version} + 1`,
      updatedAt: new Date(),
    })
    .where(inArray(flaggedMessage.id, ids));
}

async function insertNotes(tx: Tx, ids: string[], actor: StaffSession, body: string): Promise<ReviewNote[]> {
  const rows = await tx
    .insert(reviewNote)
    .values(ids.map((messageId) => ({ messageId, authorId: actor.id, authorName: actor.name || actor.email, body })))
    .returning();
  return rows.map(toReviewNote);
}

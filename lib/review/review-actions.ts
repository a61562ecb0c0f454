import "server-only";
import { eq, inArray } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { flaggedMessage } from "@/lib/db/schema";
import { changeStamp } from "./change-stamp";
import { loadQueueItem } from "./load-queue";
import { markQueueChanged } from "./queue-changes";
import type { BulkReviewBody, BulkReviewResult, ReviewCommandBody, ReviewNote, StoredItem, UndoTicket } from "./review-schemas";
import { insertNotes, lockReviewItems, reviewActor, staleViewReason, writeReviewFields } from "./review-store";
import { recordUndo } from "./review-undo";
import { applyReviewCommand, type ReviewFields } from "./transitions";

const NOT_IN_QUEUE = "This message is not in the review queue.";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Every command but escalation can be undone from its toast: escalating and de-escalating are decisions with a note of their own. */
const undoable = (action: ReviewCommandBody["action"]) => action !== "escalate" && action !== "deescalate";

/**
 * Runs one review command (claim, unclaim, resolve, dismiss, reopen, escalate, de-escalate) with an
 * optional note. Refused (409) when the item changed since the version the moderator saw, or when
 * its state does not allow the command. Returns the item as the queue shows it, and the undo ticket.
 */
export async function runReviewCommand(
  db: Db,
  audited: AuditRunner,
  session: StaffSession,
  id: string,
  body: ReviewCommandBody,
): Promise<{ item: StoredItem; undo?: UndoTicket }> {
  const actor = reviewActor(session);
  const [target] = await db.select({ senderUid: flaggedMessage.senderUid }).from(flaggedMessage).where(eq(flaggedMessage.id, id));
  if (!target) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
  const undo = await audited(
    { action: `review.${body.action}`, targetMessageId: id, targetUids: [target.senderUid], detail: body.note ? { note: body.note } : {} },
    () =>
      db.transaction(async (tx) => {
        const current = (await lockReviewItems(tx, [id])).get(id);
        if (!current) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
        // A command the item's state refuses says why in its own words; one it would take is still
        // refused when the moderator decided on an older view of the item.
        const outcome = applyReviewCommand(current.fields, body.action, actor, nowSeconds(), body.note);
        if (!outcome.ok) throw new ApiError("ERR_CONFLICT", outcome.reason);
        const stale = staleViewReason(current, body.version, actor);
        if (stale) throw new ApiError("ERR_CONFLICT", stale);
        await writeReviewFields(tx, [id], outcome.next, actor.id);
        if (body.note) await insertNotes(tx, [id], actor, body.note);
        if (!undoable(body.action)) return undefined;
        return recordUndo(tx, actor, body.action, [{ id, version: current.version + 1, fields: current.fields }]);
      }),
  );
  markQueueChanged(db, [id]);
  const item = await loadQueueItem(db, id);
  if (!item) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
  return { item, undo };
}

/** Adds a moderator's note to an item's thread. */
export async function addReviewNote(db: Db, audited: AuditRunner, session: StaffSession, id: string, body: string): Promise<ReviewNote> {
  const actor = reviewActor(session);
  const [target] = await db.select({ senderUid: flaggedMessage.senderUid }).from(flaggedMessage).where(eq(flaggedMessage.id, id));
  if (!target) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
  const note = await audited(
    { action: "review.note", targetMessageId: id, targetUids: [target.senderUid], detail: { note: body } },
    () =>
      db.transaction(async (tx) => {
        const [note] = await insertNotes(tx, [id], actor, body);
        if (!note) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
        await tx.update(flaggedMessage).set(changeStamp(actor.id)).where(eq(flaggedMessage.id, id));
        return note;
      }),
    (added) => ({ noteId: added.id }),
  );
  markQueueChanged(db, [id]);
  return note;
}

/**
 * Resolves or dismisses many items in one transaction and one audit row. Items that cannot take
 * the decision (already decided, changed since the moderator saw them, unknown) are skipped with
 * the reason, not failed as a whole. The whole change can be undone at once.
 */
export async function bulkReview(db: Db, audited: AuditRunner, session: StaffSession, body: BulkReviewBody): Promise<BulkReviewResult> {
  const actor = reviewActor(session);
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
        const current = await lockReviewItems(tx, ids);
        const now = nowSeconds();
        const updated: string[] = [];
        const skipped: BulkReviewResult["skipped"] = [];
        const before: { id: string; version: number; fields: ReviewFields }[] = [];
        const byNext = new Map<string, { next: ReviewFields; ids: string[] }>();
        for (const id of ids) {
          const item = current.get(id);
          const outcome = item ? applyReviewCommand(item.fields, body.action, actor, now, body.note) : { ok: false as const, reason: NOT_IN_QUEUE };
          const stale = item && outcome.ok ? staleViewReason(item, body.versions?.[id], actor) : null;
          if (!item || !outcome.ok || stale) {
            skipped.push({ id, reason: stale ?? (outcome.ok ? NOT_IN_QUEUE : outcome.reason) });
            continue;
          }
          // Items with the same resulting fields (same assignee) are written in one statement.
          const key = JSON.stringify(outcome.next);
          const group = byNext.get(key) ?? { next: outcome.next, ids: [] };
          group.ids.push(id);
          byNext.set(key, group);
          updated.push(id);
          before.push({ id, version: item.version + 1, fields: item.fields });
        }
        for (const group of byNext.values()) await writeReviewFields(tx, group.ids, group.next, actor.id);
        if (body.note && updated.length) await insertNotes(tx, updated, actor, body.note);
        const undo = updated.length ? await recordUndo(tx, actor, `bulk ${body.action}`, before) : undefined;
        return { updated, skipped, undo };
      }),
    (done) => ({ updated: done.updated, skipped: done.skipped.map((s) => s.id) }),
  );
  markQueueChanged(db, result.updated);
  return result;
}

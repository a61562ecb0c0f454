import "server-only";
import { eq, inArray } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import type { Policy } from "@/lib/policies/model/policy-schemas";
import { flaggedMessage } from "@/lib/db/schema";
import { changeStamp } from "./change-stamp";
import { recordDecisionChanges, type DecisionChange } from "./decision-changes";
import { loadQueueItem } from "./load-queue";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import type { BulkReviewBody, BulkReviewResult, ReviewCommandBody, ReviewNote, StoredItem, UndoTicket } from "@/lib/review/model/review-schemas";
import {
  insertNotes,
  lockReviewItems,
  requireSeenVersion,
  requireSeenVersions,
  reviewActor,
  staleViewReason,
  writeReviewFields,
  type LockedItem,
} from "./review-store";
import { policyDetail } from "@/lib/policies/server/policies";
import { decisionPolicy } from "./decision-policy";
import { recordUndo } from "./review-undo";
import { applyReviewCommand, type ReviewActor, type ReviewFields, type ReviewOutcome, type StaffRef } from "@/lib/review/model/transitions";

const NOT_IN_QUEUE = "This message is not in the review queue.";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Every command but escalation can be undone from its toast: escalating and de-escalating are decisions with a note of their own. */
const undoable = (action: ReviewCommandBody["action"]) => action !== "escalate" && action !== "deescalate";

/**
 * Why a command the transitions answered with `outcome` is refused, or null. A refusal in the
 * item's own words first; then a view older than the item (whose words name whoever changed it,
 * a claim made since included); then a colleague holding the item the moderator saw them hold.
 */
function refusal(item: LockedItem, outcome: ReviewOutcome, seen: number, actor: StaffRef): string | null {
  if (!outcome.ok && !outcome.heldBy) return outcome.reason;
  return staleViewReason(item, seen, actor) ?? (outcome.ok ? null : outcome.reason);
}

/**
 * Runs one review command (claim, unclaim, resolve, dismiss, reopen, escalate, de-escalate) with an
 * optional note. Refused (428) without the version the moderator saw; (403) to a moderator when the
 * item is escalated to admins; and (409) when the item changed since that version, its state does
 * not allow the command, or a colleague holds it and the body does not say it takes over (a
 * takeover is audited with whom it was taken from). Returns the item as the queue shows it, and the undo ticket.
 */
export async function runReviewCommand(
  db: Db,
  audited: AuditRunner,
  session: StaffSession,
  id: string,
  body: ReviewCommandBody,
): Promise<{ item: StoredItem; undo?: UndoTicket }> {
  const actor = reviewActor(session);
  const seen = requireSeenVersion(body.version, "body.version");
  const [target] = await db.select({ senderUid: flaggedMessage.senderUid }).from(flaggedMessage).where(eq(flaggedMessage.id, id));
  if (!target) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
  const policy = await decisionPolicy(db, body.action, body.policyId);
  const { undo } = await audited(
    { action: `review.${body.action}`, targetMessageId: id, targetUids: [target.senderUid], detail: { ...(body.note ? { note: body.note } : {}), ...policyDetail(policy) } },
    () =>
      db.transaction(async (tx) => {
        const current = (await lockReviewItems(tx, [id])).get(id);
        if (!current) throw new ApiError("ERR_NOT_FOUND", NOT_IN_QUEUE);
        const outcome = applyReviewCommand(current.fields, body.action, actor, nowSeconds(), body.note, body.takeover, policy);
        // Not a conflict to resolve by looking again: the item is the admins' (escalation-guard.ts answers the same).
        if (!outcome.ok && outcome.forAdmins) throw new ApiError("ERR_FORBIDDEN", outcome.reason);
        const refused = refusal(current, outcome, seen, actor);
        if (refused || !outcome.ok) throw new ApiError("ERR_CONFLICT", refused ?? NOT_IN_QUEUE);
        await writeReviewFields(tx, [id], outcome.next, actor.id);
        await recordDecisionChanges(tx, [{ id, from: current.fields.state, to: outcome.next.state, next: outcome.next }], actor.id);
        if (body.note) await insertNotes(tx, [id], actor, body.note);
        const undo = undoable(body.action) ? await recordUndo(tx, actor, body.action, [{ id, version: current.version + 1, fields: current.fields }]) : undefined;
        return { undo, takenFrom: outcome.takenFrom };
      }),
    (done) => (done.takenFrom ? { takenFrom: done.takenFrom } : {}),
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
 * the reason, not failed as a whole. The whole change can be undone at once. Every item needs the
 * version the moderator saw (428 naming those without one).
 */
export async function bulkReview(db: Db, audited: AuditRunner, session: StaffSession, body: BulkReviewBody): Promise<BulkReviewResult> {
  const ids = [...new Set(body.ids)];
  const seen = requireSeenVersions(ids, body.versions);
  const policy = await decisionPolicy(db, body.action, body.policyId);
  return decideItems(db, audited, reviewActor(session), { action: body.action, ids, seen, note: body.note, policy }, { undoable: true });
}

/** `policy`: the one a resolve names, already checked (decisionPolicy). */
export type DecideItems = { action: BulkReviewBody["action"]; ids: string[]; seen: ReadonlyMap<string, number>; note?: string; policy: Policy | null };

/**
 * The decision of many items, as bulkReview and a job deciding a whole view take it (`detail`
 * joins the audit row). An undoable one records what each item was before.
 */
export async function decideItems(db: Db, audited: AuditRunner, actor: ReviewActor, { action, ids, seen, note, policy }: DecideItems, options: { undoable: boolean; detail?: Record<string, unknown> }): Promise<BulkReviewResult> {
  const senders = await db.selectDistinct({ uid: flaggedMessage.senderUid }).from(flaggedMessage).where(inArray(flaggedMessage.id, ids));
  const result = await audited(
    {
      action: `review.${action}`,
      targetUids: senders.map((s) => s.uid),
      detail: { bulk: true, messageIds: ids, ...(note ? { note } : {}), ...policyDetail(policy), ...options.detail },
    },
    () =>
      db.transaction(async (tx) => {
        const current = await lockReviewItems(tx, ids);
        const now = nowSeconds();
        const updated: string[] = [];
        const skipped: BulkReviewResult["skipped"] = [];
        const before: { id: string; version: number; fields: ReviewFields }[] = [];
        const changes: DecisionChange[] = [];
        const byNext = new Map<string, { next: ReviewFields; ids: string[] }>();
        for (const id of ids) {
          const item = current.get(id);
          // A bulk decision never takes over: a colleague's item is skipped, naming them.
          const outcome = item ? applyReviewCommand(item.fields, action, actor, now, note, false, policy) : null;
          const refused = item && outcome ? refusal(item, outcome, seen.get(id) ?? 0, actor) : NOT_IN_QUEUE;
          if (!item || !outcome?.ok || refused) {
            skipped.push({ id, reason: refused ?? NOT_IN_QUEUE });
            continue;
          }
          // Items with the same resulting fields (same assignee) are written in one statement.
          const key = JSON.stringify(outcome.next);
          const group = byNext.get(key) ?? { next: outcome.next, ids: [] };
          group.ids.push(id);
          byNext.set(key, group);
          updated.push(id);
          before.push({ id, version: item.version + 1, fields: item.fields });
          changes.push({ id, from: item.fields.state, to: outcome.next.state, next: outcome.next });
        }
        for (const group of byNext.values()) await writeReviewFields(tx, group.ids, group.next, actor.id);
        await recordDecisionChanges(tx, changes, actor.id);
        if (note && updated.length) await insertNotes(tx, updated, actor, note);
        const undo = options.undoable && updated.length ? await recordUndo(tx, actor, `bulk ${action}`, before) : undefined;
        return { updated, skipped, undo };
      }),
    (done) => ({ updated: done.updated, skipped: done.skipped.map((s) => s.id) }),
  );
  markQueueChanged(db, result.updated);
  return result;
}

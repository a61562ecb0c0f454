import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { flaggedMessage, reviewUndo } from "@/lib/db/schema";
import { recordDecisionChanges } from "./decision-changes";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { reviewFieldsSchema, type ReviewFields, type UndoTicket } from "@/lib/review/model/review-schemas";
import { lockReviewItems, staleViewReason, writeReviewFields, type Tx } from "./review-store";
import { UNDO_ARRIVAL_GRACE_SECONDS as ARRIVAL_GRACE_SECONDS, UNDO_WINDOW_SECONDS } from "@/lib/review/model/states";
import type { StaffRef } from "@/lib/review/model/transitions";

/** Undo rows are useless after their window; each new one clears its author's old ones. */
const KEEP_SECONDS = 60;

const undoRecordSchema = z.object({ items: z.array(z.object({ id: z.string(), version: z.number().int(), fields: reviewFieldsSchema })) });
type UndoRecord = z.infer<typeof undoRecordSchema>;

/** Records what these items were before a change (and the version the change left), so it can be undone. */
export async function recordUndo(tx: Tx, actor: StaffRef, action: string, items: UndoRecord["items"]): Promise<UndoTicket> {
  const now = new Date();
  await tx.delete(reviewUndo).where(and(eq(reviewUndo.staffId, actor.id), lt(reviewUndo.at, new Date(now.getTime() - KEEP_SECONDS * 1000))));
  const [row] = await tx.insert(reviewUndo).values({ staffId: actor.id, action, before: { items }, at: now }).returning({ id: reviewUndo.id });
  if (!row) throw new ApiError("ERR_INTERNAL", "The change could not be recorded for undo.");
  return { id: row.id, until: Math.floor(now.getTime() / 1000) + UNDO_WINDOW_SECONDS };
}

/**
 * Takes back one of the actor's own review changes within its window: every item returns to
 * exactly its earlier fields, as one new change with its own audit row. Refused as a whole when
 * any item changed since (naming who), so an undo never overwrites someone's later decision.
 */
export async function undoReviewChange(db: Db, audited: AuditRunner, actor: StaffRef, undoId: number): Promise<{ restored: string[] }> {
  const [row] = await db.select().from(reviewUndo).where(and(eq(reviewUndo.id, undoId), eq(reviewUndo.staffId, actor.id)));
  if (!row) throw new ApiError("ERR_NOT_FOUND", "There is no change of yours to undo with this id.");
  const record = undoRecordSchema.parse(row.before);
  const ids = record.items.map((i) => i.id);
  const senders = await db.selectDistinct({ uid: flaggedMessage.senderUid }).from(flaggedMessage).where(inArray(flaggedMessage.id, ids));
  const result = await audited(
    { action: "review.undo", targetMessageId: ids.length === 1 ? ids[0] : undefined, targetUids: senders.map((s) => s.uid), detail: { undoes: row.action, messageIds: ids } },
    () =>
      db.transaction(async (tx) => {
        const [claimed] = await tx.select().from(reviewUndo).where(eq(reviewUndo.id, undoId)).for("update");
        if (claimed?.undoneAt) throw new ApiError("ERR_CONFLICT", "This change was already undone.");
        const ageSeconds = (Date.now() - row.at.getTime()) / 1000;
        if (ageSeconds > UNDO_WINDOW_SECONDS + ARRIVAL_GRACE_SECONDS) {
          throw new ApiError("ERR_CONFLICT", `The ${UNDO_WINDOW_SECONDS} seconds to undo this have passed; nothing was changed. Change the item again instead.`);
        }
        const current = await lockReviewItems(tx, ids);
        for (const item of record.items) {
          const now = current.get(item.id);
          if (!now) throw new ApiError("ERR_NOT_FOUND", "An item of this change is no longer in the review queue.");
          const stale = staleViewReason(now, item.version, null);
          if (stale) throw new ApiError("ERR_CONFLICT", `Not undone: ${stale}`);
        }
        const byFields = new Map<string, { fields: ReviewFields; ids: string[] }>();
        for (const item of record.items) {
          const key = JSON.stringify(item.fields);
          const group = byFields.get(key) ?? { fields: item.fields, ids: [] };
          group.ids.push(item.id);
          byFields.set(key, group);
        }
        for (const group of byFields.values()) await writeReviewFields(tx, group.ids, group.fields, actor.id);
        // An undone decision is cancelled in the outbox before it was ever sent.
        const changes = record.items.map((item) => ({ id: item.id, from: current.get(item.id)?.fields.state ?? item.fields.state, to: item.fields.state, next: item.fields }));
        await recordDecisionChanges(tx, changes, actor.id);
        await tx.update(reviewUndo).set({ undoneAt: new Date() }).where(eq(reviewUndo.id, undoId));
        return { restored: ids };
      }),
  );
  markQueueChanged(db);
  return result;
}

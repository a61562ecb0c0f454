import "server-only";
import { and, inArray, sql } from "drizzle-orm";
import { reviewOutbox } from "@/lib/db/schema";
import type { Tx } from "./review-store";
import { UNDO_ARRIVAL_GRACE_SECONDS, UNDO_WINDOW_SECONDS, type ReviewState } from "@/lib/review/model/states";
import type { UpstreamReviewStatus } from "@/lib/review/model/write-back-states";

/** A decision is sent once nobody can undo it any more: the undo window and its arrival grace. */
export const WRITE_BACK_DELAY_SECONDS = UNDO_WINDOW_SECONDS + UNDO_ARRIVAL_GRACE_SECONDS;

/** Upholding a flag hides the message from users; dismissing it keeps the message visible. */
const UPSTREAM_STATUS: Partial<Record<ReviewState, UpstreamReviewStatus>> = { resolved: "disapproved", dismissed: "approved" };

export type StateChange = { id: string; from: ReviewState; to: ReviewState };

/**
 * Brings the outbox in line with these items' new review states, inside the transaction that
 * changed them: a decided item gets its decision queued (replacing any earlier one not yet sent),
 * an item back to open (reopened, or a decision undone inside its window) has its unsent decision
 * cancelled, so nothing is sent. A decision already sent stays as the service holds it until the
 * next decision replaces it (approving a hidden message makes it visible again).
 */
export async function enqueueDecision(tx: Tx, changes: StateChange[], actorId: string | null, now = new Date()): Promise<void> {
  const changed = changes.filter((c) => c.from !== c.to);
  const reopened = changed.filter((c) => c.to === "open").map((c) => c.id);
  const decided = changed.flatMap((c) => {
    const status = UPSTREAM_STATUS[c.to];
    return status ? [{ messageId: c.id, status }] : [];
  });
  if (reopened.length) {
    await tx
      .update(reviewOutbox)
      .set({ state: "cancelled", leaseUntil: null, updatedAt: now })
      .where(and(inArray(reviewOutbox.messageId, reopened), inArray(reviewOutbox.state, ["pending", "refused"])));
  }
  if (decided.length) {
    const dueAt = new Date(now.getTime() + WRITE_BACK_DELAY_SECONDS * 1000);
    const fresh = { state: "pending" as const, dueAt, leaseUntil: null, attempts: 0, lastError: null, lastErrorCode: null, sentAt: null, decidedById: actorId, updatedAt: now };
    await tx
      .insert(reviewOutbox)
      .values(decided.map((d) => ({ ...d, ...fresh })))
      .onConflictDoUpdate({ target: reviewOutbox.messageId, set: { ...fresh, status: sql`excluded.status` } });
  }
}

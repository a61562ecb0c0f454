import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { can } from "@/lib/auth/roles";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { flaggedMessage } from "@/lib/db/schema";
import { senderWaitsForAdmin, waitsForAdmin } from "@/lib/review/model/waits-for-admin";
import type { LockedItem } from "./review-store";

/**
 * Refuses (403) a moderator's action on the chat service that touches an item escalated to admins:
 * pinning its message, or deactivating its sender from the queue. The items are the ones the action
 * has just read (readReviewItems), so this asks the database nothing; checked before the call, so
 * nothing reaches the service; admins pass.
 */
export function assertNoneEscalated(actor: StaffSession, items: Iterable<readonly [string, Pick<LockedItem, "fields">]>): void {
  if (can(actor.role, "escalatedItems")) return;
  for (const [id, item] of items) {
    if (item.fields.escalation) throw new ApiError("ERR_FORBIDDEN", waitsForAdmin(null, `Message ${id}`));
  }
}

/**
 * The same refusal for deactivating a user (from the users page or the queue) while one of their
 * items waits open for an admin.
 */
export async function assertNoSenderWaitsForAdmin(db: Db, actor: StaffSession, senderUids: string[]): Promise<void> {
  if (can(actor.role, "escalatedItems") || senderUids.length === 0) return;
  const [waiting] = await db
    .select({ id: flaggedMessage.id, senderUid: flaggedMessage.senderUid })
    .from(flaggedMessage)
    .where(and(isNotNull(flaggedMessage.escalatedAt), inArray(flaggedMessage.senderUid, senderUids), eq(flaggedMessage.state, "open")))
    .orderBy(flaggedMessage.id)
    .limit(1);
  if (waiting) throw new ApiError("ERR_FORBIDDEN", senderWaitsForAdmin(waiting.senderUid, waiting.id));
}

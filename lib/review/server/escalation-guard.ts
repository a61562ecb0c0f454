import "server-only";
import { and, eq, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { can } from "@/lib/auth/roles";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { flaggedMessage } from "@/lib/db/schema";
import { senderWaitsForAdmin, waitsForAdmin } from "@/lib/review/model/waits-for-admin";

/** Messages or senders an action is about; a sender counts while one of their items waits open for an admin. */
export type EscalationTargets = { messageIds?: string[]; senderUids?: string[] };

/**
 * Refuses (403) a moderator's action on the chat service that touches an item escalated to admins:
 * pinning its message, or deactivating its sender from the queue or the users page. Checked before
 * the call, so nothing reaches the service; admins pass.
 */
export async function assertNoneWaitForAdmin(db: Db, actor: StaffSession, targets: EscalationTargets): Promise<void> {
  if (can(actor.role, "escalatedItems")) return;
  const about: SQL[] = [];
  if (targets.messageIds?.length) about.push(inArray(flaggedMessage.id, targets.messageIds));
  if (targets.senderUids?.length) about.push(and(inArray(flaggedMessage.senderUid, targets.senderUids), eq(flaggedMessage.state, "open")) as SQL);
  if (about.length === 0) return;
  const [waiting] = await db
    .select({ id: flaggedMessage.id, senderUid: flaggedMessage.senderUid })
    .from(flaggedMessage)
    .where(and(isNotNull(flaggedMessage.escalatedAt), or(...about)))
    .orderBy(flaggedMessage.id)
    .limit(1);
  if (!waiting) return;
  const why = targets.messageIds?.includes(waiting.id) ? waitsForAdmin(null, `Message ${waiting.id}`) : senderWaitsForAdmin(waiting.senderUid, waiting.id);
  throw new ApiError("ERR_FORBIDDEN", why);
}

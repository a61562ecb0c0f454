import "server-only";
import { inArray } from "drizzle-orm";
import { MAX_UIDS_PER_REQUEST } from "@/lib/api/limits";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { flaggedMessage } from "@/lib/db/schema";
import { deactivateUsers } from "@/lib/moderation/deactivate-users";
import { changeStamp } from "./change-stamp";
import { claimForAction } from "./claim-for-action";
import { markQueueChanged } from "./queue-changes";
import type { DeactivateSendersResult } from "./review-schemas";

/**
 * Deactivates the distinct senders of these items in one call to the chat service (through the
 * same audited operation as the users page), then marks the items whose sender was deactivated.
 * The answer says which senders the service confirmed and which it did not.
 */
export async function deactivateSenders(db: Db, audited: AuditRunner, actor: StaffSession, ids: string[]): Promise<DeactivateSendersResult> {
  const rows = await db.select({ id: flaggedMessage.id, senderUid: flaggedMessage.senderUid }).from(flaggedMessage).where(inArray(flaggedMessage.id, ids));
  if (rows.length === 0) throw new ApiError("ERR_NOT_FOUND", "None of these messages are in the review queue.");
  // In the order the items were given, so the answer lists people the way the moderator saw them.
  const senderOf = new Map(rows.map((r) => [r.id, r.senderUid]));
  const asked = [...new Set(ids.flatMap((id) => senderOf.get(id) ?? []))];
  if (asked.length > MAX_UIDS_PER_REQUEST) {
    throw new ApiError("ERR_BAD_REQUEST", `These items have ${asked.length} different senders; deactivate at most ${MAX_UIDS_PER_REQUEST} at once.`);
  }
  await claimForAction(db, ids, actor.id);
  const result = await deactivateUsers(db, audited, actor, asked);
  const done = new Set(result.data.deactivatedUids);
  const itemIds = rows.filter((r) => done.has(r.senderUid)).map((r) => r.id);
  if (itemIds.length) {
    await db
      .update(flaggedMessage)
      .set({ actionTaken: "sender_deactivated", ...changeStamp(actor.id) })
      .where(inArray(flaggedMessage.id, itemIds));
    markQueueChanged(db, itemIds);
  }
  return { asked, deactivatedUids: asked.filter((uid) => done.has(uid)), notDeactivated: asked.filter((uid) => !done.has(uid)) };
}

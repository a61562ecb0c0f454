import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import { chat } from "@/lib/chat/service";
import { db } from "@/lib/db/client";
import { assertNoneEscalated } from "@/lib/review/server/escalation-guard";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { pinnedStateWrite } from "@/lib/review/server/pinned-state";
import { readReviewItems, requireSeenVersion, reviewActor, staleViewReason } from "@/lib/review/server/review-store";
import { mayPinOnBehalfOfUsers } from "./pin-permission";

/**
 * Pins a message as the app, or on behalf of a user (whose permissions then apply). A pinned
 * message the review queue knows shows as pinned there, with who pinned it and when (and, if
 * nobody had claimed it, claimed by the staff member who pinned it). A moderator may not pin a
 * message escalated to admins. Pinning a review item needs the version the staff member saw, like
 * a review command: 428 without it, 409 (audited) when someone changed the item since. A refusal to
 * pin on behalf of a user (pin-permission.ts) is audited like any other failure.
 */
export async function pinMessage(audited: AuditRunner, actor: StaffSession, messageId: string, onBehalfOf: string | undefined, seenVersion?: number) {
  const database = await db();
  const item = (await readReviewItems(database, [messageId])).get(messageId);
  if (item) assertNoneEscalated(actor, [[messageId, item]]);
  const seen = item ? requireSeenVersion(seenVersion, "body.version") : undefined;
  const pinned = await audited(
    {
      action: "message.pin",
      targetMessageId: messageId,
      targetUids: onBehalfOf ? [onBehalfOf] : [],
      detail: { as: onBehalfOf ?? "app_system" },
    },
    async () => {
      if (onBehalfOf && !mayPinOnBehalfOfUsers(actor.role)) {
        throw new ApiError("ERR_FORBIDDEN", "Pinning on behalf of a user is for admins here: pin as the app, or ask an admin.");
      }
      const stale = item && seen !== undefined ? staleViewReason(item, seen, reviewActor(actor)) : null;
      if (stale) throw new ApiError("ERR_CONFLICT", stale);
      return chat().pinMessage(messageId, onBehalfOf);
    },
    ({ data }) => ({ conversationId: data.conversationId, pinnedBy: data.pinnedBy, pinnedAt: data.pinnedAt }),
    ({ data }) => pinnedStateWrite(database, actor.id, messageId, data.pinnedBy, data.pinnedAt),
  );
  markQueueChanged(database, [messageId]);
  return pinned;
}

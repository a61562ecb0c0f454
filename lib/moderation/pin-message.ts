import "server-only";
import type { AuditRunner } from "@/lib/audit/record";
import { chat } from "@/lib/chat/service";
import { db } from "@/lib/db/client";
import { claimForAction } from "@/lib/review/claim-for-action";
import { recordPin } from "@/lib/review/record-pin";

/**
 * Pins a message as the app, or on behalf of a user (whose permissions then apply). A pinned
 * message the review queue knows shows as pinned there, with who pinned it and when (and, if
 * nobody had claimed it, claimed by the staff member who pinned it).
 */
export async function pinMessage(audited: AuditRunner, actorId: string, messageId: string, onBehalfOf: string | undefined) {
  await claimForAction(await db(), [messageId], actorId);
  const result = await audited(
    {
      action: "message.pin",
      targetMessageId: messageId,
      targetUids: onBehalfOf ? [onBehalfOf] : [],
      detail: { as: onBehalfOf ?? "app_system" },
    },
    () => chat().pinMessage(messageId, onBehalfOf),
    ({ data }) => ({ conversationId: data.conversationId, pinnedBy: data.pinnedBy, pinnedAt: data.pinnedAt }),
  );
  await recordPin(await db(), actorId, messageId, result.data.pinnedBy, result.data.pinnedAt);
  return result;
}

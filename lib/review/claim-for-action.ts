import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flaggedMessage } from "@/lib/db/schema";
import { changeStamp } from "./change-stamp";
import { markQueueChanged } from "./queue-changes";

/**
 * Claims the open, unclaimed items among `ids` for the actor before an action on the chat
 * service (pin, deactivate), so colleagues see who is on them while the service answers.
 */
export async function claimForAction(db: Db, ids: string[], actorId: string): Promise<void> {
  if (ids.length === 0) return;
  const claimed = await db
    .update(flaggedMessage)
    .set({ assigneeId: actorId, ...changeStamp(actorId) })
    .where(and(inArray(flaggedMessage.id, ids), isNull(flaggedMessage.assigneeId), eq(flaggedMessage.state, "open")))
    .returning({ id: flaggedMessage.id });
  if (claimed.length) markQueueChanged(db);
}

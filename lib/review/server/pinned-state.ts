import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flaggedMessage } from "@/lib/db/schema";
import { changeStamp } from "./change-stamp";
import { claimIfFree } from "./claim-for-action";

/**
 * The write that marks a review item pinned after the chat service pinned its message, claimed for
 * the actor if nobody had it (one change, one version); a message the queue never saw is left
 * alone. Not yet run: the pin makes it with its audit row's success (lib/audit/record.ts), then
 * tells the queue it changed.
 */
export function pinnedStateWrite(db: Db, actorId: string, messageId: string, pinnedBy: string | undefined, pinnedAtSeconds: number | undefined) {
  const pinnedAt = new Date((pinnedAtSeconds ?? Math.floor(Date.now() / 1000)) * 1000);
  return db
    .update(flaggedMessage)
    .set({ pinnedBy: pinnedBy ?? "app_system", pinnedAt, actionTaken: "pinned", assigneeId: claimIfFree(actorId), ...changeStamp(actorId) })
    .where(eq(flaggedMessage.id, messageId));
}

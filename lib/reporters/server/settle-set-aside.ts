import "server-only";
import { and, eq, exists, inArray, isNull, not, sql, type SQL } from "drizzle-orm";
import { flag, flaggedMessage as fm } from "@/lib/db/schema";
import { changeStamp } from "@/lib/review/server/change-stamp";
import type { Tx } from "@/lib/review/server/review-store";

const anyFlag = (where?: SQL) => exists(sql`(select 1 from ${flag} where ${flag.messageId} = ${fm.id}${where ? sql` and ${where}` : sql``})`);
const liveFlag = anyFlag(isNull(flag.setAsideAt));

/**
 * Puts each of these items in the state its flags call for: an open item whose every flag is set
 * aside (muted reporters' only) leaves the open queue for `set_aside`, a set-aside item with a live
 * flag again is open. An escalated item stays open: a moderator asked an admin about it, whoever
 * flagged it. Leaving the open queue drops the claim, like a decision's reopening does, so the item
 * comes back to the pool. Returns the ids it changed (for the queue's change notice).
 */
export async function settleSetAside(tx: Tx, ids: readonly string[], actorId: string | null, now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const these = inArray(fm.id, [...ids]);
  const asideNow = await tx
    .update(fm)
    .set({ state: "set_aside", assigneeId: null, takenFromId: null, ...changeStamp(actorId, now) })
    .where(and(these, eq(fm.state, "open"), isNull(fm.escalatedAt), anyFlag(), not(liveFlag)))
    .returning({ id: fm.id });
  const backNow = await tx
    .update(fm)
    .set({ state: "open", ...changeStamp(actorId, now) })
    .where(and(these, eq(fm.state, "set_aside"), liveFlag))
    .returning({ id: fm.id });
  return [...asideNow, ...backNow].map((r) => r.id);
}

import "server-only";
import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { deactivatedUser, flag, flaggedMessage, staff } from "@/lib/db/schema";
import { REVIEW_STATES, type ReviewState } from "@/lib/review/model/states";
import { canonicalUid } from "./user-href";
import type { UserContext } from "./user-schemas";
import { epochSeconds as seconds } from "@/lib/format/epoch-seconds";

/** Newest first; the counts cover everything, the lists only this many. */
export const USER_CONTEXT_LIMIT = 50;

/**
 * What the dashboard itself knows about a user: the flagged messages they sent (with their review
 * state, and which of them wait for an admin), the flags they raised, and whether the dashboard
 * deactivated them, when and by whom.
 */
export async function loadUserContext(db: Db, anyCaseUid: string): Promise<UserContext> {
  // Stored UIDs are lower case (lib/review/server/flagged-to-rows.ts, deactivate-users.ts).
  const uid = canonicalUid(anyCaseUid);
  const [sentRows, sentCounts, raisedRows, [raisedTotal], [deactivation], waiting] = await Promise.all([
    db
      .select()
      .from(flaggedMessage)
      .where(eq(flaggedMessage.senderUid, uid))
      .orderBy(desc(flaggedMessage.lastFlaggedAt), desc(flaggedMessage.id))
      .limit(USER_CONTEXT_LIMIT),
    db.select({ state: flaggedMessage.state, n: count() }).from(flaggedMessage).where(eq(flaggedMessage.senderUid, uid)).groupBy(flaggedMessage.state),
    db
      .select({ f: flag, senderUid: flaggedMessage.senderUid, text: flaggedMessage.text, state: flaggedMessage.state })
      .from(flag)
      .innerJoin(flaggedMessage, eq(flaggedMessage.id, flag.messageId))
      .where(eq(flag.flaggerUid, uid))
      .orderBy(desc(flag.flaggedAt), desc(flag.messageId))
      .limit(USER_CONTEXT_LIMIT),
    db.select({ n: count() }).from(flag).where(eq(flag.flaggerUid, uid)),
    db
      .select({ at: deactivatedUser.deactivatedAt, byEmail: deactivatedUser.deactivatedByEmail, byName: staff.name })
      .from(deactivatedUser)
      .leftJoin(staff, eq(staff.id, deactivatedUser.deactivatedById))
      .where(eq(deactivatedUser.uid, uid)),
    db
      .select({ id: flaggedMessage.id })
      .from(flaggedMessage)
      .where(and(eq(flaggedMessage.senderUid, uid), eq(flaggedMessage.state, "open"), isNotNull(flaggedMessage.escalatedAt)))
      .orderBy(flaggedMessage.id)
      .limit(USER_CONTEXT_LIMIT),
  ]);

  const byState = Object.fromEntries(REVIEW_STATES.map((s) => [s, sentCounts.find((r) => r.state === s)?.n ?? 0])) as Record<ReviewState, number>;
  return {
    uid,
    deactivation: deactivation ? { at: seconds(deactivation.at), byName: deactivation.byName, byEmail: deactivation.byEmail } : null,
    sent: {
      total: Object.values(byState).reduce((a, b) => a + b, 0),
      byState,
      items: sentRows.map((m) => ({
        id: m.id,
        text: m.text,
        receiverUid: m.receiverUid,
        state: m.state,
        reopened: m.reopened,
        actionTaken: m.actionTaken,
        flaggedCount: m.flaggedCount,
        sentAt: seconds(m.sentAt),
        lastFlaggedAt: seconds(m.lastFlaggedAt),
      })),
      waitingForAdmin: waiting.map((m) => m.id),
    },
    raised: {
      total: raisedTotal?.n ?? 0,
      items: raisedRows.map(({ f, senderUid, text, state }) => ({
        messageId: f.messageId,
        senderUid,
        text,
        state,
        reasonName: f.reasonName,
        remark: f.remark,
        flaggedAt: seconds(f.flaggedAt),
      })),
    },
    limit: USER_CONTEXT_LIMIT,
  };
}

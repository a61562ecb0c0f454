import "server-only";
import { inArray, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { FlaggedMessage } from "@/lib/chat/schemas";
import type { Db } from "@/lib/db/open";
import { flag, flaggedMessage } from "@/lib/db/schema";
import { flaggedToRows } from "./flagged-to-rows";
import { changeStamp } from "./change-stamp";
import { markQueueChanged } from "./queue-changes";
import { shouldReopen } from "./reopen-rule";

export type SyncResult = { reopened: { id: string; senderUid: string; flaggedAt: number[] }[] };

/**
 * Keeps every flagged message the dashboard receives: new messages are added, known ones get
 * their latest text and flags, and a decided item that received a flag from a new flagger after
 * its decision reopens (marked `reopened`, with an audit row). The rows being changed are locked,
 * so a moderator's decision and a sync never overwrite each other.
 */
export async function syncFlaggedMessages(db: Db, incoming: readonly FlaggedMessage[], now = new Date()): Promise<SyncResult> {
  if (incoming.length === 0) return { reopened: [] };
  // The chat service should not list a message twice; if it does, the later copy wins.
  const rows = [...new Map(incoming.map((m) => [m.id, flaggedToRows(m, now)])).values()];
  const ids = rows.map((r) => r.message.id);

  const { reopened, wrote } = await db.transaction(async (tx) => {
    const known = await tx
      .select({
        id: flaggedMessage.id,
        state: flaggedMessage.state,
        decidedAt: flaggedMessage.decidedAt,
        senderUid: flaggedMessage.senderUid,
        digest: flaggedMessage.upstreamDigest,
      })
      .from(flaggedMessage)
      .where(inArray(flaggedMessage.id, ids))
      .orderBy(flaggedMessage.id)
      .for("update");

    // Most of a list is unchanged since the last fetch: those rows are not written at all, so an
    // unchanged list changes nothing the queue's fingerprint reads.
    const digests = new Map(known.map((k) => [k.id, k.digest]));
    const changed = rows.filter((r) => digests.get(r.message.id) !== r.message.upstreamDigest);

    for (const batch of chunks(changed.map((r) => r.message))) {
      await tx
        .insert(flaggedMessage)
        .values(batch)
        .onConflictDoUpdate({
          target: flaggedMessage.id,
          set: {
            text: sql`excluded.text`,
            message: sql`excluded.message`,
            conversationId: sql`excluded.conversation_id`,
            flaggedCount: sql`greatest(${flaggedMessage.flaggedCount}, excluded.flagged_count)`,
            firstFlaggedAt: sql`least(${flaggedMessage.firstFlaggedAt}, excluded.first_flagged_at)`,
            lastFlaggedAt: sql`greatest(${flaggedMessage.lastFlaggedAt}, excluded.last_flagged_at)`,
            upstreamDigest: sql`excluded.upstream_digest`,
            updatedAt: now,
          },
        });
    }

    const flagRows = changed.flatMap((r) => r.flags);
    const changedIds = changed.map((r) => r.message.id);
    const knownFlags = new Set(
      (changedIds.length ? await tx.select({ messageId: flag.messageId, flaggerUid: flag.flaggerUid }).from(flag).where(inArray(flag.messageId, changedIds)) : []).map(
        (f) => `${f.messageId}\u0000${f.flaggerUid}`,
      ),
    );
    for (const batch of chunks(flagRows)) {
      await tx
        .insert(flag)
        .values(batch)
        .onConflictDoUpdate({
          target: [flag.messageId, flag.flaggerUid],
          set: {
            flaggerName: sql`excluded.flagger_name`,
            flaggerAvatar: sql`excluded.flagger_avatar`,
            flaggerRole: sql`excluded.flagger_role`,
            reasonId: sql`excluded.reason_id`,
            reasonName: sql`excluded.reason_name`,
            description: sql`excluded.description`,
            remark: sql`excluded.remark`,
            flaggedAt: sql`excluded.flagged_at`,
          },
        });
    }
    const newFlagTimes = new Map<string, number[]>();
    for (const f of flagRows) {
      if (knownFlags.has(`${f.messageId}\u0000${f.flaggerUid}`)) continue;
      newFlagTimes.set(f.messageId, [...(newFlagTimes.get(f.messageId) ?? []), Math.floor(f.flaggedAt.getTime() / 1000)]);
    }

    const flagged = known.filter((k) => newFlagTimes.has(k.id)).map((k) => k.id);
    if (flagged.length) {
      await tx
        .update(flaggedMessage)
        .set(changeStamp(null, now))
        .where(inArray(flaggedMessage.id, flagged));
    }
    const reopened = known
      .filter((k) => shouldReopen(k, newFlagTimes.get(k.id) ?? []))
      .map((k) => ({ id: k.id, senderUid: k.senderUid, flaggedAt: newFlagTimes.get(k.id) ?? [] }));
    if (reopened.length) {
      await tx
        .update(flaggedMessage)
        .set({ state: "open", reopened: true })
        .where(inArray(flaggedMessage.id, reopened.map((r) => r.id)));
    }
    return { reopened, wrote: changed.length > 0 };
  });
  if (wrote) markQueueChanged(db);

  for (const item of reopened) {
    await recordAudit(db, {
      actor: null,
      action: "review.reopen",
      targetMessageId: item.id,
      targetUids: [item.senderUid],
      detail: { reason: "new flag after the decision", flaggedAt: item.flaggedAt },
    });
  }
  return { reopened };
}

/** PostgreSQL takes at most 65535 parameters per statement; a flag row has 10. */
const BATCH_ROWS = 1000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH_ROWS) out.push(rows.slice(i, i + BATCH_ROWS));
  return out;
}

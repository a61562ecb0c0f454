import "server-only";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { flag, flaggedMessage, reporterMute, staff } from "@/lib/db/schema";
import type { MuteResult, MutedReporter } from "@/lib/reporters/model/reporter-schemas";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { FORMER_STAFF } from "@/lib/review/server/item-staff";
import type { Tx } from "@/lib/review/server/review-store";
import { canonicalUid } from "@/lib/users/user-href";
import { settleSetAside } from "./settle-set-aside";
import { epochSeconds as seconds } from "@/lib/format/epoch-seconds";

const described = (result: MuteResult) => ({ flags: result.flags, items: result.items.length });

/**
 * Mutes a reporter: their flags on open items are set aside (kept, marked), items left with no
 * live flag leave the open queue (settleSetAside), and the sync stores their new flags set aside
 * (lib/review/server/sync.ts). Refused (409) when they are muted already, naming by whom.
 */
export async function muteReporter(db: Db, audited: AuditRunner, staffId: string, flaggerUid: string, note?: string): Promise<MuteResult> {
  const uid = canonicalUid(flaggerUid);
  const result = await audited({ action: "reporter.mute", targetUids: [uid], detail: note ? { note } : {} }, () =>
    db.transaction(async (tx) => {
      const [muted] = await tx.insert(reporterMute).values({ flaggerUid: uid, mutedById: staffId, note: note ?? null }).onConflictDoNothing().returning();
      if (!muted) throw new ApiError("ERR_CONFLICT", `${uid} is already muted${await mutedByWords(tx, uid)}.`);
      const now = muted.mutedAt;
      const flags = await tx
        .update(flag)
        .set({ setAsideAt: now })
        .where(
          and(
            eq(flag.flaggerUid, uid),
            isNull(flag.setAsideAt),
            inArray(flag.messageId, tx.select({ id: flaggedMessage.id }).from(flaggedMessage).where(eq(flaggedMessage.state, "open"))),
          ),
        )
        .returning({ messageId: flag.messageId });
      return { uid, flags: flags.length, items: await settleSetAside(tx, flags.map((f) => f.messageId), staffId, now) };
    }),
    described,
  );
  if (result.items.length) markQueueChanged(db, result.items);
  return result;
}

/** Unmutes a reporter (admins): every flag of theirs set aside is live again, and the items it alone kept out are open again. 404 when not muted. */
export async function unmuteReporter(db: Db, audited: AuditRunner, staffId: string, flaggerUid: string): Promise<MuteResult> {
  const uid = canonicalUid(flaggerUid);
  const result = await audited({ action: "reporter.unmute", targetUids: [uid] }, () =>
    db.transaction(async (tx) => {
      const [unmuted] = await tx.delete(reporterMute).where(eq(reporterMute.flaggerUid, uid)).returning({ uid: reporterMute.flaggerUid });
      if (!unmuted) throw new ApiError("ERR_NOT_FOUND", `${uid} is not muted.`);
      const flags = await tx
        .update(flag)
        .set({ setAsideAt: null })
        .where(and(eq(flag.flaggerUid, uid), isNotNull(flag.setAsideAt)))
        .returning({ messageId: flag.messageId });
      return { uid, flags: flags.length, items: await settleSetAside(tx, flags.map((f) => f.messageId), staffId, new Date()) };
    }),
    described,
  );
  if (result.items.length) markQueueChanged(db, result.items);
  return result;
}

async function mutedByWords(tx: Tx, uid: string): Promise<string> {
  const [row] = await tx.select({ name: staff.name }).from(reporterMute).leftJoin(staff, eq(staff.id, reporterMute.mutedById)).where(eq(reporterMute.flaggerUid, uid));
  return row ? ` (by ${row.name ?? FORMER_STAFF})` : "";
}

/** Which of these flaggers are muted now. */
export async function readMutedUids(db: Db | Tx, uids: readonly string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await db.select({ uid: reporterMute.flaggerUid }).from(reporterMute).where(inArray(reporterMute.flaggerUid, [...uids]));
  return new Set(rows.map((r) => r.uid));
}

/** Every muted reporter, the latest muted first, with the name their latest flag carried and how many of their flags are set aside. */
export async function listMutedReporters(db: Db): Promise<MutedReporter[]> {
  const rows = await db
    .select({
      uid: reporterMute.flaggerUid,
      name: sql<string | null>`(select ${flag.flaggerName} from ${flag} where ${flag.flaggerUid} = ${reporterMute.flaggerUid} order by ${flag.flaggedAt} desc limit 1)`,
      setAside: sql<number>`(select count(*) from ${flag} where ${flag.flaggerUid} = ${reporterMute.flaggerUid} and ${flag.setAsideAt} is not null)`.mapWith(Number),
      mutedAt: reporterMute.mutedAt,
      mutedById: reporterMute.mutedById,
      mutedByName: staff.name,
      note: reporterMute.note,
    })
    .from(reporterMute)
    .leftJoin(staff, eq(staff.id, reporterMute.mutedById))
    .orderBy(desc(reporterMute.mutedAt), reporterMute.flaggerUid);
  return rows.map((r) => ({
    uid: r.uid,
    name: r.name ?? r.uid,
    mutedAt: seconds(r.mutedAt),
    mutedBy: r.mutedById ? { id: r.mutedById, name: r.mutedByName ?? FORMER_STAFF } : null,
    note: r.note,
    setAside: r.setAside,
  }));
}

import "server-only";
import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flaggedMessage as fm } from "@/lib/db/schema";

/**
 * Each user's live strikes: the weights their upheld items added (flagged_message.strike_weight,
 * the policy's weight when decided) over the last `expiryDays` before `nowMs`. One statement for
 * all users, read from the strike index.
 */
export async function liveStrikes(db: Pick<Db, "select">, uids: readonly string[], nowMs: number, expiryDays: number): Promise<Map<string, number>> {
  if (uids.length === 0) return new Map();
  const since = new Date(nowMs - expiryDays * 86_400_000);
  const rows = await db
    .select({ uid: fm.senderUid, strikes: sql<number>`sum(${fm.strikeWeight})::int` })
    .from(fm)
    .where(and(inArray(fm.senderUid, [...uids]), eq(fm.state, "resolved"), isNotNull(fm.policyId), gt(fm.decidedAt, since)))
    .groupBy(fm.senderUid);
  return new Map(rows.map((row) => [row.uid, Number(row.strikes)]));
}

import "server-only";
import { and, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { flaggedMessage as fm, policy, staff } from "@/lib/db/schema";
import { staffRef } from "@/lib/review/server/item-staff";
import { readTeamSettings } from "@/lib/settings/server/team-settings";
import { strikeRecommendation } from "@/lib/strikes/model/strike-recommendation";
import { EXCERPT_CHARS, MAX_LEDGER_STRIKES, type StrikeLedger } from "@/lib/strikes/model/strike-schemas";
import { epochSeconds as seconds } from "@/lib/format/epoch-seconds";

const DAY_MS = 86_400_000;

/** An upheld item under a policy: the partial index flagged_message_strike_idx holds exactly these. */
const isStrike = and(eq(fm.state, "resolved"), isNotNull(fm.policyId));

/** The moment before which a decision no longer counts. */
const cutoff = (now: Date, expiryDays: number) => new Date(now.getTime() - expiryDays * DAY_MS);

/**
 * The live strikes of each of `uids` at `now` (the weights of their upheld items decided within
 * `expiryDays`, summed); 0 for a user with none. One query for many users: the queue's priority reads it.
 */
export async function liveStrikes(db: Db, uids: readonly string[], now: Date, expiryDays: number): Promise<Map<string, number>> {
  const live = new Map(uids.map((uid) => [uid, 0]));
  if (uids.length === 0) return live;
  const rows = await db
    .select({ uid: fm.senderUid, weight: sql<number>`coalesce(sum(${fm.strikeWeight}), 0)::int` })
    .from(fm)
    .where(and(isStrike, inArray(fm.senderUid, [...new Set(uids)]), gt(fm.decidedAt, cutoff(now, expiryDays))))
    .groupBy(fm.senderUid);
  for (const row of rows) live.set(row.uid, Number(row.weight));
  return live;
}

/**
 * A user's strike ledger at `now`: each upheld item under a policy (newest first, expired ones too)
 * with the policy, its weight then, who decided it and when it expires; the live sum, and what the
 * team's thresholds recommend for it.
 */
export async function readStrikeLedger(db: Db, uid: string, now = new Date()): Promise<StrikeLedger> {
  const settings = await readTeamSettings(db);
  const since = cutoff(now, settings.strikeExpiryDays);
  const [rows, live] = await Promise.all([
    db
      .select({
        messageId: fm.id,
        text: fm.text,
        weight: fm.strikeWeight,
        decidedAt: fm.decidedAt,
        decidedById: fm.decidedById,
        decidedByName: staff.name,
        policyId: policy.id,
        policyName: policy.name,
      })
      .from(fm)
      .innerJoin(policy, eq(policy.id, fm.policyId))
      .leftJoin(staff, eq(staff.id, fm.decidedById))
      .where(and(isStrike, eq(fm.senderUid, uid), isNotNull(fm.decidedAt)))
      .orderBy(desc(fm.decidedAt), desc(fm.id))
      .limit(MAX_LEDGER_STRIKES),
    liveStrikes(db, [uid], now, settings.strikeExpiryDays),
  ]);
  const total = live.get(uid) ?? 0;
  return {
    uid,
    expiryDays: settings.strikeExpiryDays,
    live: total,
    strikes: rows.map((row) => {
      const decidedAt = row.decidedAt ?? now;
      return {
        messageId: row.messageId,
        excerpt: row.text.length > EXCERPT_CHARS ? `${row.text.slice(0, EXCERPT_CHARS)}…` : row.text,
        policy: { id: row.policyId, name: row.policyName },
        weight: row.weight,
        decidedAt: seconds(decidedAt),
        decidedBy: staffRef(row.decidedById, row.decidedByName),
        expiresAt: seconds(decidedAt) + settings.strikeExpiryDays * 86_400,
        live: decidedAt > since,
      };
    }),
    recommendation: strikeRecommendation(total, settings),
  };
}

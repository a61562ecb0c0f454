import "server-only";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { auditLog, flaggedMessage, staff } from "@/lib/db/schema";
import { ageBuckets } from "@/lib/queue-health/model/age-buckets";
import { readAgreement } from "@/lib/quality/server/agreement";
import type { QueueHealth } from "@/lib/queue-health/model/queue-health-schemas";

const DAY_MS = 86_400_000;
/** The spans the share decided within the target is given over, in days of 24 h back from now. */
const SHARE_SPANS = [7, 30] as const;

/** Who asks: an admin sees every staff member's row, a moderator only their own. */
export type HealthViewer = { id: string; role: "admin" | "moderator" };

export type QueueHealthOptions = { days: number; targetHours: number; goalPercent: number; now?: Date };

const iso = (date: Date) => date.toISOString();
const at = (date: Date) => sql`${iso(date)}::timestamptz`;
const isoDay = (date: Date) => iso(date).slice(0, 10);
const decided = inArray(flaggedMessage.state, ["resolved", "dismissed"]);
const waitSeconds = sql`extract(epoch from ${flaggedMessage.decidedAt} - ${flaggedMessage.firstFlaggedAt})`;
const median = (expression: ReturnType<typeof sql>) => sql<number | null>`percentile_cont(0.5) within group (order by ${expression})::float8`;
const count = (condition?: ReturnType<typeof sql>) => (condition ? sql<number>`(count(*) filter (where ${condition}))::int` : sql<number>`count(*)::int`);
const seconds = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

/**
 * The review queue's health at `now`, read with aggregates over index ranges, never row by row in
 * JavaScript: open items by age band (their first flag; flagged_message_state_first_idx), the
 * share decided within the target over the last 7 and 30 days, and, over the trend's span of
 * `days` UTC days up to today, decisions per day and per staff member and the median times
 * (flagged_message_decided_idx), and the second reviews' agreement over the last 30 days (lib/quality).
 *
 * "Time in front of a moderator" is from the latest successful `review.claim` in the audit log
 * before the decision to the decision: how long an item stayed with the person who took it. An item
 * decided straight from the list (the decision claims it in passing) has no such time and is left out.
 */
export async function readQueueHealth(db: Db, viewer: HealthViewer, { days, targetHours, goalPercent, now = new Date() }: QueueHealthOptions): Promise<QueueHealth> {
  const targetSeconds = Math.round(targetHours * 3600);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS);
  const inSpan = (since: Date) => and(decided, gte(flaggedMessage.decidedAt, since), lt(flaggedMessage.decidedAt, now));
  const withinTarget = sql`${waitSeconds} <= ${targetSeconds}`;
  const bands = ageBuckets(targetHours);
  const age = sql`extract(epoch from ${at(now)} - ${flaggedMessage.firstFlaggedAt})`;
  const day = sql<string>`to_char(${flaggedMessage.decidedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const longest = Math.max(...SHARE_SPANS, days);

  const claimedAt = db
    // Spelled out with the table's name: inside a subquery Drizzle leaves columns unqualified, and "id" would be the audit row's.
    .select({ wait: sql<number | null>`extract(epoch from "flagged_message"."decided_at" - (
        select max(claim.at) from ${auditLog} claim
        where claim.target_message_id = "flagged_message"."id" and claim.action = 'review.claim'
          and claim.outcome = 'success' and claim.at <= "flagged_message"."decided_at"))`.as("wait") })
    .from(flaggedMessage)
    .where(inSpan(from))
    .as("claimed");

  const [[open], [shares], [medians], [claims], daily, byStaff, agreement] = await Promise.all([
    db
      .select({
        total: count(),
        escalated: count(sql`${flaggedMessage.escalatedAt} is not null`),
        oldest: sql<string | null>`extract(epoch from ${at(now)} - min(${flaggedMessage.firstFlaggedAt}))`,
        ...Object.fromEntries(
          bands.map((band) => [band.key, count(band.toSeconds === null ? sql`${age} >= ${band.fromSeconds}` : sql`${age} >= ${band.fromSeconds} and ${age} < ${band.toSeconds}`)]),
        ),
      })
      .from(flaggedMessage)
      .where(eq(flaggedMessage.state, "open")),
    db
      .select(
        Object.fromEntries(
          SHARE_SPANS.flatMap((span) => {
            const since = sql`${flaggedMessage.decidedAt} >= ${at(new Date(now.getTime() - span * DAY_MS))}`;
            return [
              [`decided${span}`, count(since)],
              [`within${span}`, count(sql`${since} and ${withinTarget}`)],
            ];
          }),
        ) as Record<string, ReturnType<typeof count>>,
      )
      .from(flaggedMessage)
      .where(inSpan(new Date(now.getTime() - longest * DAY_MS))),
    db.select({ decided: count(), flagToDecision: median(waitSeconds) }).from(flaggedMessage).where(inSpan(from)),
    db.select({ claimed: sql<number>`count(${claimedAt.wait})::int`, claimToDecision: median(sql`${claimedAt.wait}`) }).from(claimedAt),
    db
      .select({ day, decided: count(), withinTarget: count(withinTarget), median: median(waitSeconds) })
      .from(flaggedMessage)
      .where(inSpan(from))
      .groupBy(day),
    db
      .select({ day, staffId: flaggedMessage.decidedById, decided: count() })
      .from(flaggedMessage)
      .where(and(inSpan(from), viewer.role === "admin" ? undefined : eq(flaggedMessage.decidedById, viewer.id)))
      .groupBy(day, flaggedMessage.decidedById),
    readAgreement(db, viewer, now),
  ]);

  const dayKeys: string[] = [];
  for (let t = from.getTime(); t <= now.getTime(); t += DAY_MS) dayKeys.push(isoDay(new Date(t)));
  const dayIndex = new Map(dayKeys.map((key, i) => [key, i]));
  const perDay = new Map(daily.map((row) => [row.day, row]));
  const people = await staffNames(
    db,
    byStaff.flatMap((row) => (row.staffId ? [row.staffId] : [])),
  );
  const moderators = new Map<string | null, { decided: number; daily: number[] }>();
  for (const row of byStaff) {
    const entry = moderators.get(row.staffId) ?? { decided: 0, daily: dayKeys.map(() => 0) };
    entry.decided += row.decided;
    const i = dayIndex.get(row.day);
    if (i !== undefined) entry.daily[i] = row.decided;
    moderators.set(row.staffId, entry);
  }
  const openRow = open as Record<string, number | string | null> | undefined;
  const shareRow = (shares ?? {}) as Record<string, number>;

  return {
    at: Math.floor(now.getTime() / 1000),
    targetHours,
    goalPercent,
    days,
    from: isoDay(from),
    open: {
      total: Number(openRow?.total ?? 0),
      escalated: Number(openRow?.escalated ?? 0),
      oldestSeconds: seconds(openRow?.oldest ?? null),
      buckets: bands.map((band) => ({ ...band, count: Number(openRow?.[band.key] ?? 0) })),
    },
    withinTarget: SHARE_SPANS.map((span) => {
      const decidedCount = shareRow[`decided${span}`] ?? 0;
      const within = shareRow[`within${span}`] ?? 0;
      return { days: span, decided: decidedCount, withinTarget: within, percent: decidedCount === 0 ? null : (100 * within) / decidedCount };
    }),
    medians: {
      decided: medians?.decided ?? 0,
      flagToDecisionSeconds: seconds(medians?.flagToDecision ?? null),
      claimToDecisionSeconds: seconds(claims?.claimToDecision ?? null),
      claimedDecided: claims?.claimed ?? 0,
    },
    daily: dayKeys.map((key) => {
      const row = perDay.get(key);
      return { day: key, decided: row?.decided ?? 0, withinTarget: row?.withinTarget ?? 0, medianFlagToDecisionSeconds: seconds(row?.median ?? null) };
    }),
    moderators: [...moderators]
      .map(([staffId, entry]) => ({ staffId, name: staffId ? (people.get(staffId) ?? staffId) : "Former staff", decided: entry.decided, perDay: entry.decided / days, daily: entry.daily }))
      .sort((a, b) => b.decided - a.decided || a.name.localeCompare(b.name)),
    agreement,
  };
}

async function staffNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: staff.id, name: staff.name, email: staff.email }).from(staff).where(inArray(staff.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name || row.email]));
}

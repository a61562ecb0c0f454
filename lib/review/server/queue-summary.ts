import "server-only";
import { count, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { deactivatedUser, flag, flaggedMessage as fm, staff } from "@/lib/db/schema";
import { overdueRule } from "@/lib/review/model/overdue";
import type { QueueFacets, QueueOverview, QueueSummary } from "@/lib/review/model/review-schemas";
import { readOpenByReason, readQueueCounts } from "./queue-counts";

const DAY_SECONDS = 86_400;
const OVERVIEW_DAYS = 7;
const TOP_OFFENDERS = 5;
/** Senders and flaggers offered as filters: the ones with the most items (any other is set from an item or the URL). */
const TOP_PEOPLE = 200;

/** Items per state and open items past the review target, over the whole queue at `nowSeconds`. */
export async function readQueueTotals(db: Db, nowSeconds: number, targetHours: number): Promise<Pick<QueueSummary, "totals" | "overdue">> {
  const counts = await readQueueCounts(db, overdueRule(targetHours, nowSeconds));
  return { totals: counts.byState, overdue: counts.overdue };
}

/**
 * The overview's charts and the filters' choices: the same for every view and viewer. Their reads
 * scan the whole queue, so here and below they run one after another: together they would hold
 * most of the instance's database connections for as long as they take, and other requests would
 * wait for one.
 */
export async function readQueueWide(db: Db, nowSeconds: number): Promise<Pick<QueueSummary, "overview" | "facets">> {
  const facets = await readFacets(db);
  return { overview: await readOverview(db, nowSeconds, facets.reasons), facets };
}

/**
 * Open items by reason (kept by the database, lib/review/server/queue-counts.ts), flags per day over
 * the last week, and the senders with the most flagged messages. A reason's name is the filters'
 * (`named`).
 */
async function readOverview(db: Db, nowSeconds: number, named: QueueFacets["reasons"]): Promise<QueueOverview> {
  const today = Math.floor(nowSeconds / DAY_SECONDS);
  const since = new Date((today - OVERVIEW_DAYS + 1) * DAY_SECONDS * 1000);
  const counted = await readOpenByReason(db);
  const nameOf = new Map(named.map((reason) => [reason.id, reason.name]));
  const perDay = await db
    .select({ day: sql<number>`floor(extract(epoch from ${flag.flaggedAt}) / ${DAY_SECONDS})::int`, count: sql<number>`count(*)::int` })
    .from(flag)
    .where(gte(flag.flaggedAt, since))
    .groupBy(sql`1`);
  const byDay = new Map(perDay.map((d) => [Number(d.day), Number(d.count)]));
  return {
    reasons: counted
      .map((r) => ({ reasonId: r.reasonId, reasonName: nameOf.get(r.reasonId) || r.reasonId, count: Number(r.count) }))
      .sort((a, b) => b.count - a.count || a.reasonName.localeCompare(b.reasonName)),
    days: Array.from({ length: OVERVIEW_DAYS }, (_, i) => {
      const day = today - (OVERVIEW_DAYS - 1 - i);
      return { day: new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10), count: byDay.get(day) ?? 0 };
    }),
    offenders: await readTopOffenders(db),
  };
}

/**
 * The senders with the most flagged messages. Their avatars are read for those few only: taken
 * from every row's stored message, they cost more than the rest of the overview together.
 */
async function readTopOffenders(db: Db): Promise<QueueOverview["offenders"]> {
  const top = await db
    .select({
      uid: fm.senderUid,
      name: sql<string>`max(${fm.senderName})`,
      messageCount: sql<number>`count(*)::int`,
      flagCount: sql<number>`sum(${fm.flaggedCount})::int`,
      deactivated: sql<boolean>`bool_or(${deactivatedUser.uid} is not null)`,
    })
    .from(fm)
    .leftJoin(deactivatedUser, eq(deactivatedUser.uid, fm.senderUid))
    .groupBy(fm.senderUid)
    .having(sql`count(*) > 1`)
    .orderBy(desc(sql`count(*)`), desc(sql`sum(${fm.flaggedCount})`), sql`max(${fm.senderName})`)
    .limit(TOP_OFFENDERS);
  if (top.length === 0) return [];
  const avatars = await db
    .select({ uid: fm.senderUid, avatar: sql<string | null>`max(${fm.message}->'data'->'entities'->'sender'->'entity'->>'avatar')` })
    .from(fm)
    .where(inArray(fm.senderUid, top.map((o) => o.uid)))
    .groupBy(fm.senderUid);
  const avatarOf = new Map(avatars.map((a) => [a.uid, a.avatar ?? undefined]));
  return top.map((o) => ({
    sender: { uid: o.uid, name: o.name || o.uid, avatar: avatarOf.get(o.uid), deactivated: Boolean(o.deactivated) },
    messageCount: Number(o.messageCount),
    flagCount: Number(o.flagCount),
  }));
}

async function readFacets(db: Db): Promise<QueueFacets> {
  const reasons = await db.select({ id: flag.reasonId, name: sql<string>`max(${flag.reasonName})` }).from(flag).groupBy(flag.reasonId);
  const assignees = await db.selectDistinct({ id: staff.id, name: staff.name }).from(fm).innerJoin(staff, eq(staff.id, fm.assigneeId)).where(isNotNull(fm.assigneeId));
  const senders = await db.select({ uid: fm.senderUid, name: sql<string>`max(${fm.senderName})` }).from(fm).groupBy(fm.senderUid).orderBy(desc(count())).limit(TOP_PEOPLE);
  const flaggers = await db.select({ uid: flag.flaggerUid, name: sql<string>`max(${flag.flaggerName})` }).from(flag).groupBy(flag.flaggerUid).orderBy(desc(count())).limit(TOP_PEOPLE);
  const byName = <T extends { name: string }>(list: T[]) => list.map((x) => ({ ...x, name: x.name || "" })).sort((a, b) => a.name.localeCompare(b.name));
  return {
    reasons: byName(reasons.map((r) => ({ id: r.id, name: r.name || r.id }))),
    assignees: byName(assignees),
    senders: byName(senders.map((s) => ({ uid: s.uid, name: s.name || s.uid }))),
    flaggers: byName(flaggers.map((f) => ({ uid: f.uid, name: f.name || f.uid }))),
  };
}

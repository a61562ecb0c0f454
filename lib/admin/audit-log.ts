import "server-only";
import { and, arrayContains, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/open";
import { auditLog, type AuditRow } from "@/lib/db/schema";
import { auditFilterShape, withDateOrder, type AuditEntry, type AuditFilter, type AuditPage, type AuditStats } from "./audit-filters";

const DAY_MS = 86_400_000;
/** The chart's default span, and the longest it draws (one bar per day must stay readable). */
const STATS_DEFAULT_DAYS = 14;
const STATS_MAX_DAYS = 92;

/**
 * Where a page starts: the (at, id) of the last row of the page before. `at` is kept as text with
 * microseconds, as PostgreSQL stores it: a JavaScript Date would cut it to milliseconds and skip
 * rows written within the same millisecond.
 */
const cursorSchema = z.object({ at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), id: z.number().int().min(1) });
export type AuditCursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

const cursorParamSchema = z.string().max(200).transform((text, ctx) => {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    decoded = undefined;
  }
  const parsed = cursorSchema.safeParse(Array.isArray(decoded) ? { at: decoded[0], id: decoded[1] } : undefined);
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: "not a cursor this list gave out; start again from the first page" });
    return z.NEVER;
  }
  return parsed.data;
});

/** GET /api/audit's query: the filter, where the page starts (an opaque cursor) and its size. */
export const auditPageQuerySchema = withDateOrder(
  z.strictObject({
    ...auditFilterShape,
    cursor: cursorParamSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
);
export type AuditPageQuery = z.infer<typeof auditPageQuerySchema>;

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

function filterConditions(filter: AuditFilter): SQL[] {
  const conditions: (SQL | undefined)[] = [
    filter.staff === undefined ? undefined : eq(auditLog.staffId, filter.staff),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.uid === undefined ? undefined : arrayContains(auditLog.targetUids, [filter.uid]),
    filter.message === undefined ? undefined : eq(auditLog.targetMessageId, filter.message),
    filter.outcome === undefined ? undefined : eq(auditLog.outcome, filter.outcome),
    filter.from === undefined ? undefined : gte(auditLog.at, dayStart(filter.from)),
    filter.to === undefined ? undefined : lt(auditLog.at, new Date(dayStart(filter.to).getTime() + DAY_MS)),
  ];
  return conditions.filter((condition) => condition !== undefined);
}

function toEntry(row: AuditRow): AuditEntry {
  return { ...row, at: row.at.toISOString() };
}

/**
 * One page of the log, newest first, by keyset: `(at, id) < cursor` walks the (at desc, id desc)
 * index, so page 10 000 costs what page 1 costs and rows written meanwhile never shift a page.
 */
export async function readAuditRows(db: Db, filter: AuditFilter, cursor: AuditCursor | undefined, limit: number) {
  const conditions = filterConditions(filter);
  if (cursor) conditions.push(sql`(${auditLog.at}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
  const rows = await db
    .select({ row: auditLog, cursorAt: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ row }) => toEntry(row)),
    next: rows.length > limit && last ? { at: last.cursorAt, id: last.row.id } : undefined,
  };
}

export async function listAuditPage(db: Db, { cursor, limit, ...filter }: AuditPageQuery): Promise<AuditPage> {
  const { rows, next } = await readAuditRows(db, filter, cursor, limit);
  return { data: rows, meta: { nextCursor: next ? encodeCursor(next) : null, limit } };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Actions per UTC day over the filter's range (default: the last two weeks, at most ~three months). */
export async function auditStats(db: Db, filter: AuditFilter, now = new Date()): Promise<AuditStats> {
  const to = filter.to ?? isoDay(now);
  const earliest = isoDay(new Date(dayStart(to).getTime() - (STATS_MAX_DAYS - 1) * DAY_MS));
  const from = [filter.from ?? isoDay(new Date(dayStart(to).getTime() - (STATS_DEFAULT_DAYS - 1) * DAY_MS)), earliest].reduce((a, b) => (a > b ? a : b));
  const day = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, action: auditLog.action, count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(...filterConditions({ ...filter, from, to })))
    .groupBy(day, auditLog.action);
  const days = new Map<string, Record<string, number>>();
  for (let t = dayStart(from).getTime(); t <= dayStart(to).getTime(); t += DAY_MS) days.set(isoDay(new Date(t)), {});
  for (const row of rows) {
    const counts = days.get(row.day);
    if (counts) counts[row.action] = row.count;
  }
  return { data: { from, to, days: [...days].map(([key, counts]) => ({ day: key, counts })) } };
}

import "server-only";
import { and, eq, isNotNull, isNull, not, or, sql, type SQL } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/open";
import { canonicalUid } from "@/lib/users/user-href";
import { flag, flaggedMessage as fm } from "@/lib/db/schema";
import { decodeCursor, encodeCursor, type CursorValue, type QueueCursor } from "./queue-cursor";
import { DIRECT_MESSAGES } from "@/lib/review/model/queue-groups";
import { overdueCutoff, overdueRule } from "@/lib/review/model/overdue";
import { QUEUE_TABS, searchTerms, type ListViewer, type QueueTab, type QueueView } from "@/lib/review/model/queue-view";
import type { SenderGroupSize } from "@/lib/review/model/review-schemas";
import { readFacetCounts, readStateCounts, type CountedFacet, type StateCounts } from "./queue-counts";

/**
 * The review queue as the database answers it: a view's filters, search and order as SQL, read a
 * page at a time with keyset paging (the last row's sort keys are the next page's cursor), so a
 * page costs about the same at 100 items as at 100,000.
 */

/** The conditions of a view's filters and search (not its tab). Search terms are folded like search_text. */
export function filterConditions(view: QueueView, viewer: ListViewer): SQL[] {
  const conditions: SQL[] = [];
  // The item's reasons are a column kept exact by triggers on flag (migration 0025): no flag is read per row.
  if (view.reason) conditions.push(sql`${fm.reasonIds} @> array[${view.reason}]::text[]`);
  // UIDs are stored lower-cased (lib/review/server/flagged-to-rows.ts); a filter in any case names the same user.
  if (view.flagger) conditions.push(sql`exists (select 1 from ${flag} where ${flag.messageId} = ${fm.id} and ${flag.flaggerUid} = ${canonicalUid(view.flagger)})`);
  if (view.sender) conditions.push(eq(fm.senderUid, canonicalUid(view.sender)));
  if (view.conversation) conditions.push(eq(fm.conversationId, view.conversation));
  if (view.kind === "group") conditions.push(eq(fm.receiverType, "group"));
  if (view.kind === "direct") conditions.push(sql`${fm.receiverType} <> 'group'`);
  if (view.assignee === "none") conditions.push(isNull(fm.assigneeId));
  else if (view.assignee) conditions.push(eq(fm.assigneeId, view.assignee === "me" ? viewer.id : view.assignee));
  // LIKE, which the trigram index serves, with the term's own wildcard characters escaped: a term matches as it is.
  for (const term of searchTerms(view.q)) conditions.push(sql`${fm.searchText} like ${`%${escapeLike(term)}%`}`);
  return conditions;
}

/** A term for LIKE whose %, _ and \ match themselves (backslash is LIKE's default escape character). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

const escalated = and(eq(fm.state, "open"), isNotNull(fm.escalatedAt));

/** Open and first flagged before the review target's cut-off (lib/review/model/overdue.ts). */
function overdueCondition(nowSeconds: number, targetHours: number): SQL {
  const cutoff = new Date(overdueCutoff(overdueRule(targetHours, nowSeconds)) * 1000);
  return sql`(${fm.state} = 'open' and ${fm.firstFlaggedAt} < ${cutoff})`;
}

export function tabCondition(tab: QueueTab): SQL | undefined {
  if (tab === "all") return undefined;
  if (tab === "escalated") return escalated;
  return eq(fm.state, tab);
}

type Direction = "asc" | "desc";

/** A sort key; a timestamp travels in the cursor as PostgreSQL's own text of it, so no precision is lost. */
type Key = { column: SQL; timestamp?: true };

const key = (column: typeof fm.lastFlaggedAt | typeof fm.firstFlaggedAt): Key => ({ column: sql`${column}`, timestamp: true });
const idKey: Key = { column: sql`${fm.id}` };
const cursorValueOf = (k: Key) => (k.timestamp ? sql`${k.column}::text` : k.column);

/**
 * One stretch of a view's order: the rows meeting `where`, ordered by `keys` (all one direction,
 * so the keyset is a row comparison an index can serve). A view's order is its segments in turn.
 */
type Segment = { where: SQL | undefined; keys: Key[]; dir: Direction };

function sortSegments(view: QueueView, nowSeconds: number, targetHours: number): Segment[] {
  switch (view.sort) {
    case "priority":
      return [{ where: undefined, keys: [{ column: sql`${fm.priority}` }, key(fm.lastFlaggedAt), idKey], dir: "desc" }];
    case "newest":
      return [{ where: undefined, keys: [key(fm.lastFlaggedAt), idKey], dir: "desc" }];
    case "oldest":
      return [{ where: undefined, keys: [key(fm.firstFlaggedAt), idKey], dir: "asc" }];
    case "flags":
      return [{ where: undefined, keys: [{ column: sql`${fm.flaggedCount}` }, key(fm.lastFlaggedAt), idKey], dir: "desc" }];
    case "overdue": {
      // Overdue items, longest waiting first, then the rest newest first (lib/review/model/overdue.ts).
      const overdue = overdueCondition(nowSeconds, targetHours);
      return [
        { where: overdue, keys: [key(fm.firstFlaggedAt), idKey], dir: "asc" },
        { where: not(overdue), keys: [key(fm.lastFlaggedAt), idKey], dir: "desc" },
      ];
    }
  }
}

/** Admins see what waits for them first: each segment of the sort among escalated items, then among the rest. */
function viewSegments(view: QueueView, viewer: ListViewer, nowSeconds: number, targetHours: number): Segment[] {
  const sorted = sortSegments(view, nowSeconds, targetHours);
  if (!viewer.admin) return sorted;
  const notEscalated = sql`not (${fm.state} = 'open' and ${fm.escalatedAt} is not null)`;
  return [escalated, notEscalated].flatMap((part) => sorted.map((segment) => ({ ...segment, where: and(part, segment.where) })));
}

/** What a cursor must have been made for: another view's order would page through the wrong rows. */
const orderSignature = (view: QueueView, viewer: ListViewer) => [view.sort, view.group, viewer.admin && view.group === "none" ? "escalated-first" : ""].join(":");

export type QueuePageRequest = { view: QueueView; viewer: ListViewer; cursor: string | undefined; limit: number; nowSeconds: number; targetHours: number };

/** A page's ids in the view's order, the cursor of the next page (null: the last), and the sender groups' sizes when grouped. */
export type QueuePageIds = { ids: string[]; next: string | null; groups?: Record<string, SenderGroupSize> };

type KeyedRow = { id: string; k: CursorValue[] };

export async function readQueuePageIds(db: Db, request: QueuePageRequest): Promise<QueuePageIds> {
  const { view, viewer } = request;
  const order = orderSignature(view, viewer);
  const cursor = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
  if (cursor && cursor.order !== order) throw new ApiError("ERR_BAD_REQUEST", "The cursor belongs to another order of the queue: start again from the first page.");
  // Every page of one list is cut at the time of its first page: an item turning overdue meanwhile does not move.
  const nowSeconds = cursor?.at ?? request.nowSeconds;
  const base = and(tabCondition(view.tab), ...filterConditions(view, viewer));
  if (view.group !== "none") return readGrouped(db, request, grouping(view.group), base, cursor, order, nowSeconds);

  const segments = viewSegments(view, viewer, nowSeconds, request.targetHours);
  const rows: (KeyedRow & { segment: number })[] = [];
  let more = false;
  for (let index = cursor?.segment ?? 0; index < segments.length && !more; index++) {
    const segment = segments[index] as Segment;
    const from = cursor && index === cursor.segment ? cursor.values : undefined;
    if (from && from.length !== segment.keys.length) throw new ApiError("ERR_BAD_REQUEST", "The cursor does not fit this order of the queue.");
    const wanted = request.limit - rows.length;
    const found = await readSegment(db, and(base, segment.where), segment, from, wanted + 1, narrowsFirst(view));
    more = found.length > wanted;
    rows.push(...found.slice(0, wanted).map((row) => ({ ...row, segment: index })));
  }
  // The loop reads on into later segments until the page is full and one row more is found, so
  // `more` is exact: a page that ends a segment with nothing after it is the last.
  const last = rows.at(-1);
  const hasLater = last !== undefined && more;
  const next = hasLater ? encodeCursor({ order, at: nowSeconds, segment: last.segment, values: last.k }) : null;
  return { ids: rows.map((row) => row.id), next };
}

/**
 * Whether the view's rows are found through the search's trigram index and then ordered, rather
 * than by walking the order's index until enough rows match. A term of three characters or more
 * has trigrams to look up. Walking was the planner's choice, and the wrong one whenever the
 * matches sit low in the order: "free" matched 2,400 of 100,000 items, all spam, low in priority,
 * and a page read walked 59,000 rows (80-160 ms) where the trigram index and a sort take a few.
 */
const narrowsFirst = (view: QueueView) => searchTerms(view.q).some((term) => term.length >= 3);

/** Up to `limit` rows of one segment after `from` (its keys' values), in its order. */
async function readSegment(db: Db, where: SQL | undefined, segment: Segment, from: readonly CursorValue[] | undefined, limit: number, narrowFirst = false): Promise<KeyedRow[]> {
  const columns = sql.join(
    segment.keys.map((k) => k.column),
    sql`, `,
  );
  const compare = segment.dir === "asc" ? sql`>` : sql`<`;
  const after = from ? sql`(${columns}) ${compare} (${sql.join(from.map((value) => sql`${value}`), sql`, `)})` : undefined;
  // OFFSET 0 keeps PostgreSQL from folding the subquery into the outer one, so it is planned alone.
  const narrowed = narrowFirst && where ? sql`(select * from ${fm} where ${where} offset 0) as ${fm}` : undefined;
  const rows = await db
    // The id as SQL: Drizzle checks a column's table is in the query, and the narrowed subquery takes the table's name.
    .select({ id: sql<string>`${fm.id}`, k: sql<CursorValue[] | string>`json_build_array(${sql.join(segment.keys.map(cursorValueOf), sql`, `)})` })
    .from(narrowed ?? fm)
    .where(narrowed ? after : and(where, after))
    .orderBy(...segment.keys.map((k) => (segment.dir === "asc" ? sql`${k.column} asc` : sql`${k.column} desc nulls last`)))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, k: typeof row.k === "string" ? (JSON.parse(row.k) as CursorValue[]) : row.k }));
}

/** What a grouped list's groups are: the key each row's group has (the page's `groups` are by it), and the group's name. */
type Grouping = { key: SQL; name: SQL };

function grouping(by: Exclude<QueueView["group"], "none">): Grouping {
  if (by === "sender") return { key: sql`'sender:' || ${fm.senderUid}`, name: sql`${fm.senderName}` };
  // Each group, and every direct message in one (lib/review/model/queue-groups.ts).
  const isGroup = sql`${fm.receiverType} = 'group'`;
  return {
    key: sql`case when ${isGroup} then 'group:' || ${fm.receiverUid} else 'direct' end`,
    name: sql`case when ${isGroup} then coalesce(${fm.message}->'data'->'entities'->'receiver'->'entity'->>'name', ${fm.receiverUid}) else ${DIRECT_MESSAGES} end`,
  };
}

/**
 * Grouped (by sender, or by conversation): the group with the most flags in the view first, then the
 * most messages, then by name and key, each group in the view's order. The group sizes come from
 * window functions over the whole view, so a group's header is right on every page. No index serves
 * this order: the view is ranked whole for each page, which grouping (a way to look for repeat
 * offenders, not to work through the queue) can afford.
 */
async function readGrouped(db: Db, request: QueuePageRequest, by: Grouping, base: SQL | undefined, cursor: QueueCursor | undefined, order: string, nowSeconds: number): Promise<QueuePageIds> {
  const within = withinGroupKeys(request.view.sort, nowSeconds, request.targetHours);
  const keys: (Key & { dir: Direction })[] = [
    { column: sql`(sum(${fm.flaggedCount}) over (partition by ${by.key}))::int`, dir: "desc" },
    { column: sql`(count(*) over (partition by ${by.key}))::int`, dir: "desc" },
    // The name the group goes by everywhere in it, should its rows differ (a renamed sender).
    { column: sql`(max(${by.name}) over (partition by ${by.key})) collate "C"`, dir: "asc" },
    { column: sql`(${by.key}) collate "C"`, dir: "asc" },
    ...within,
  ];
  const ranked = db
    .select({
      id: fm.id,
      groupKey: sql<string>`${by.key}`.as("group_key"),
      ...Object.fromEntries(keys.flatMap((k, i) => [[`k${i}`, sql`${k.column}`.as(`k${i}`)], [`v${i}`, sql<CursorValue>`${cursorValueOf(k)}`.as(`v${i}`)]])),
    })
    .from(fm)
    .where(base)
    .as("ranked");
  const column = (name: string) => sql`${sql.identifier("ranked")}.${sql.identifier(name)}`;
  const columns = keys.map((_, i) => column(`k${i}`));
  const from = cursor?.values;
  if (from && from.length !== keys.length) throw new ApiError("ERR_BAD_REQUEST", "The cursor does not fit this order of the queue.");
  const after = from
    ? or(...columns.map((c, i) => and(...columns.slice(0, i).map((earlier, j) => sql`${earlier} = ${from[j]}`), keys[i]?.dir === "asc" ? sql`${c} > ${from[i]}` : sql`${c} < ${from[i]}`)))
    : undefined;
  const rows = (await db
    .select({ id: column("id"), groupKey: column("group_key"), values: sql<CursorValue[] | string>`json_build_array(${sql.join(keys.map((_, i) => column(`v${i}`)), sql`, `)})` })
    .from(ranked)
    .where(after)
    .orderBy(...columns.map((c, i) => (keys[i]?.dir === "asc" ? sql`${c} asc` : sql`${c} desc`)))
    .limit(request.limit + 1)) as { id: string; groupKey: string; values: CursorValue[] | string }[];
  const page = rows.slice(0, request.limit).map((row) => ({ ...row, values: typeof row.values === "string" ? (JSON.parse(row.values) as CursorValue[]) : row.values }));
  const last = page.at(-1);
  const next = rows.length > request.limit && last ? encodeCursor({ order, at: nowSeconds, segment: 0, values: last.values }) : null;
  const groups = Object.fromEntries(page.map((row) => [row.groupKey, { flagCount: Number(row.values[0]), messageCount: Number(row.values[1]) }]));
  return { ids: page.map((row) => row.id), next, groups };
}

/** The view's sort as keys of mixed directions (no index serves a grouped order anyway), the same order as its segments. */
function withinGroupKeys(sort: QueueView["sort"], nowSeconds: number, targetHours: number): (Key & { dir: Direction })[] {
  const id = { column: sql`${fm.id}` };
  if (sort === "priority") return [{ column: sql`${fm.priority}`, dir: "desc" }, { ...key(fm.lastFlaggedAt), dir: "desc" }, { ...id, dir: "desc" }];
  if (sort === "newest") return [{ ...key(fm.lastFlaggedAt), dir: "desc" }, { ...id, dir: "desc" }];
  if (sort === "oldest") return [{ ...key(fm.firstFlaggedAt), dir: "asc" }, { ...id, dir: "asc" }];
  if (sort === "flags") return [{ column: sql`${fm.flaggedCount}`, dir: "desc" }, { ...key(fm.lastFlaggedAt), dir: "desc" }, { ...id, dir: "desc" }];
  const overdue = overdueCondition(nowSeconds, targetHours);
  const epoch = (column: typeof fm.lastFlaggedAt | typeof fm.firstFlaggedAt) => sql`extract(epoch from ${column})::float8`;
  return [
    { column: sql`case when ${overdue} then 0 else 1 end`, dir: "asc" },
    { column: sql`case when ${overdue} then ${epoch(fm.firstFlaggedAt)} else 0 end`, dir: "asc" },
    { column: sql`case when ${overdue} then ${fm.id} else '' end`, dir: "asc" },
    { column: sql`case when ${overdue} then 0 else ${epoch(fm.lastFlaggedAt)} end`, dir: "desc" },
    { column: sql`case when ${overdue} then '' else ${fm.id} end`, dir: "desc" },
  ];
}

const countIf = (condition: SQL | undefined) => sql<number>`(count(*) filter (where ${condition ?? sql`true`}))::int`;

/** The one reason or kind the view filters by, when nothing else narrows it: the database keeps its counts. */
function countedFacet(view: QueueView, viewer: ListViewer): CountedFacet | undefined {
  if (filterConditions({ ...view, reason: "", kind: "" }, viewer).length > 0) return undefined;
  if (view.reason && !view.kind) return { facet: "reason", value: view.reason };
  if (view.kind && !view.reason) return { facet: "kind", value: view.kind };
  return undefined;
}

/**
 * Items per tab that the view's filters and search let through, in one statement. Without filters
 * they are the queue's own counts, and with one reason or one kind alone that value's, both kept
 * by the database (lib/review/server/queue-counts.ts): at 100,000 items a reason's count read its
 * items, a fifth of the queue, and these counts were over two fifths of PostgreSQL's work.
 */
export async function countQueueTabs(db: Db, view: QueueView, viewer: ListViewer): Promise<Record<QueueTab, number>> {
  const filters = filterConditions(view, viewer);
  if (filters.length === 0) return tabsOf(await readStateCounts(db));
  const facet = countedFacet(view, viewer);
  if (facet) return tabsOf(await readFacetCounts(db, facet));
  const [row] = await db
    .select(Object.fromEntries(QUEUE_TABS.map((tab) => [tab, countIf(tabCondition(tab))])))
    .from(fm)
    .where(and(...filters));
  return Object.fromEntries(QUEUE_TABS.map((tab) => [tab, Number(row?.[tab] ?? 0)])) as Record<QueueTab, number>;
}

function tabsOf({ byState, escalated }: StateCounts): Record<QueueTab, number> {
  const all = Object.values(byState).reduce((sum, n) => sum + n, 0);
  return { ...byState, escalated, all };
}

/** How many items each of these views shows (its tab, filters and search), in one statement over the queue. */
export async function countViews(db: Db, views: readonly { id: number; view: QueueView }[], viewer: ListViewer): Promise<Record<number, number>> {
  if (views.length === 0) return {};
  const [row] = await db
    .select(Object.fromEntries(views.map(({ id, view }) => [`v${id}`, countIf(and(tabCondition(view.tab), ...filterConditions(view, viewer)))])))
    .from(fm);
  return Object.fromEntries(views.map(({ id }) => [id, Number(row?.[`v${id}`] ?? 0)]));
}

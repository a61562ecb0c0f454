import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flag, flaggedMessage, queueCount, queueFacetCount } from "@/lib/db/schema";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { overdueRule } from "@/lib/review/model/overdue";
import { compactQueueCounts, readFacetCounts, readQueueCounts, type CountedFacet } from "./queue-counts";
import { REVIEW_STATES } from "@/lib/review/model/states";

const HOUR = 3600;
let h: Harness;

/** The counts as a scan of the queue answers them: what the triggers' numbers must always equal. */
async function scanned(nowSeconds: number, targetHours: number) {
  const rows = await h.db
    .select({ state: flaggedMessage.state, escalated: sql<boolean>`${flaggedMessage.escalatedAt} is not null`, n: count() })
    .from(flaggedMessage)
    .groupBy(flaggedMessage.state, sql`2`);
  const byState = Object.fromEntries(REVIEW_STATES.map((state) => [state, 0]));
  let escalated = 0;
  for (const row of rows) {
    byState[row.state] = (byState[row.state] ?? 0) + Number(row.n);
    if (row.state === "open" && row.escalated) escalated += Number(row.n);
  }
  const cutoff = new Date((nowSeconds - targetHours * HOUR) * 1000);
  const [overdue] = await h.db
    .select({ n: count() })
    .from(flaggedMessage)
    .where(sql`${flaggedMessage.state} = 'open' and ${flaggedMessage.firstFlaggedAt} < ${cutoff}`);
  return { byState, escalated, overdue: Number(overdue?.n ?? 0) };
}

/** Each reason's, kind's and hour's counts as a scan answers them: an item counts under every reason of its flags, open items under the hour of their first flag. */
async function scannedFacets() {
  const { rows } = await h.db.execute<{ facet: CountedFacet["facet"]; value: string; state: string; escalated: boolean; n: number }>(sql`
    select 'reason' as facet, f.reason_id as value, m.state, m.escalated_at is not null as escalated, count(distinct m.id)::int as n
      from ${flag} f join ${flaggedMessage} m on m.id = f.message_id group by 1, 2, 3, 4
    union all
    select 'kind', case when receiver_type = 'group' then 'group' else 'direct' end, state, escalated_at is not null, count(*)::int from ${flaggedMessage} group by 1, 2, 3, 4
    union all
    select 'first-hour', to_char(first_flagged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24'), state, escalated_at is not null, count(*)::int from ${flaggedMessage} where state = 'open' group by 1, 2, 3, 4`);
  const facets = new Map<string, { byState: Record<string, number>; escalated: number }>();
  for (const row of rows) {
    const key = JSON.stringify({ facet: row.facet, value: row.value });
    const counts = facets.get(key) ?? { byState: Object.fromEntries(REVIEW_STATES.map((state) => [state, 0])), escalated: 0 };
    counts.byState[row.state] = (counts.byState[row.state] ?? 0) + Number(row.n);
    if (row.state === "open" && row.escalated) counts.escalated += Number(row.n);
    facets.set(key, counts);
  }
  return facets;
}

async function expectCountsMatchScan() {
  const now = Math.floor(Date.now() / 1000);
  expect(await readQueueCounts(h.db, overdueRule(12, now))).toEqual(await scanned(now, 12));
  const facets = await scannedFacets();
  const kept = await h.db.selectDistinct({ facet: queueFacetCount.facet, value: queueFacetCount.value }).from(queueFacetCount);
  for (const key of new Set([...facets.keys(), ...kept.map((k) => JSON.stringify({ facet: k.facet, value: k.value }))])) {
    const empty = { byState: Object.fromEntries(REVIEW_STATES.map((state) => [state, 0])), escalated: 0 };
    expect(await readFacetCounts(h.db, JSON.parse(key) as CountedFacet), key).toEqual(facets.get(key) ?? empty);
  }
}

describe.each(databaseTargets())("queue counts (whole and per reason and kind) kept by the database on $name", (target) => {
  let ids: string[];
  beforeAll(async () => {
    h = await startHarness({ target });
    await h.sync();
    ids = (await h.db.select({ id: flaggedMessage.id }).from(flaggedMessage).orderBy(flaggedMessage.id)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(6);
  });
  afterAll(async () => h.close());

  it("count what a sync stored", async () => {
    const counts = await readQueueCounts(h.db, overdueRule(12, Math.floor(Date.now() / 1000)));
    expect(counts.byState.open).toBe(ids.length);
    await expectCountsMatchScan();
  });

  it("follow decisions, escalations, overdue items and removals, statement by statement", async () => {
    const [a = "", b = "", c = "", d = "", e = ""] = ids;
    const now = Math.floor(Date.now() / 1000);
    await h.db.update(flaggedMessage).set({ state: "resolved" }).where(inArray(flaggedMessage.id, [a, b]));
    await h.db.update(flaggedMessage).set({ escalatedAt: new Date() }).where(inArray(flaggedMessage.id, [b, c]));
    await h.db.update(flaggedMessage).set({ firstFlaggedAt: new Date((now - 13 * HOUR) * 1000) }).where(inArray(flaggedMessage.id, [c, d]));
    // An update that changes neither state nor escalation leaves the counts alone.
    await h.db.update(flaggedMessage).set({ version: sql`${flaggedMessage.version} + 1` });
    await h.db.update(flaggedMessage).set({ state: "dismissed" }).where(eq(flaggedMessage.id, e));
    await expectCountsMatchScan();

    await h.db.delete(flaggedMessage).where(eq(flaggedMessage.id, e));
    await expectCountsMatchScan();
    // The sync puts it back (an insert), and its next run rewrites nothing.
    await h.sync();
    await expectCountsMatchScan();
  });

  it("follow a flag's reason replaced, flags added and removed apart from their item", async () => {
    const [a = "", b = ""] = ids;
    const reasonsOf = async (id: string) => (await h.db.select({ reasons: flaggedMessage.reasonIds }).from(flaggedMessage).where(eq(flaggedMessage.id, id)))[0]?.reasons;
    const [first] = await h.db.select().from(flag).where(eq(flag.messageId, a)).limit(1);
    if (!first) throw new Error(`item ${a} has no flag`);
    await h.db.update(flag).set({ reasonId: "zz-replaced" }).where(and(eq(flag.messageId, a), eq(flag.flaggerUid, first.flaggerUid)));
    expect(await reasonsOf(a)).toContain("zz-replaced");
    await h.db.insert(flag).values({ ...first, messageId: b, flaggerUid: "someone-else", reasonId: "aa-added" });
    expect(await reasonsOf(b)).toContain("aa-added");
    await expectCountsMatchScan();
    await h.db.delete(flag).where(inArray(flag.reasonId, ["zz-replaced", "aa-added"]));
    expect(await reasonsOf(a)).not.toContain("zz-replaced");
    expect(await reasonsOf(b)).not.toContain("aa-added");
    await expectCountsMatchScan();
  });

  it("count overdue items by the second around the cut-off, inside its hour and across hours", async () => {
    const open = ids.slice(0, 6);
    await h.db.update(flaggedMessage).set({ state: "open" }).where(inArray(flaggedMessage.id, open));
    // A cut-off 20 minutes into an hour: items a second either side of it, at the next hour's start, hours after.
    const now = Math.floor(Date.now() / 3_600_000) * 3600 + 12 * HOUR + 20 * 60;
    const cutoff = now - 12 * HOUR;
    const at = [cutoff - 1, cutoff, cutoff + 1, Math.ceil(cutoff / HOUR) * HOUR, cutoff + 2 * HOUR, cutoff - 2 * HOUR];
    for (const [i, id] of open.entries()) {
      await h.db.update(flaggedMessage).set({ firstFlaggedAt: new Date((at[i] ?? cutoff) * 1000) }).where(eq(flaggedMessage.id, id));
    }
    expect(await readQueueCounts(h.db, overdueRule(12, now))).toEqual(await scanned(now, 12));
    // The same items a minute on: the one a second after the cut-off has turned overdue.
    expect(await readQueueCounts(h.db, overdueRule(12, now + 60))).toEqual(await scanned(now + 60, 12));
  });

  it("keep their sums when folded, whatever was appended", async () => {
    const before = await readQueueCounts(h.db, overdueRule(12, Math.floor(Date.now() / 1000)));
    const [rows] = await h.db.select({ n: count() }).from(queueCount);
    expect(Number(rows?.n)).toBeGreaterThan(REVIEW_STATES.length * 2);
    const [facetRows] = await h.db.select({ n: count() }).from(queueFacetCount);
    await compactQueueCounts(h.db);
    const [after] = await h.db.select({ n: count() }).from(queueCount);
    expect(Number(after?.n)).toBeLessThanOrEqual(REVIEW_STATES.length * 2);
    const [facetsAfter] = await h.db.select({ n: count() }).from(queueFacetCount);
    expect(Number(facetsAfter?.n)).toBeLessThan(Number(facetRows?.n));
    expect(await readQueueCounts(h.db, overdueRule(12, Math.floor(Date.now() / 1000)))).toEqual(before);
    await expectCountsMatchScan();
  });

  it("start again from nothing when the table is emptied at once", async () => {
    await h.db.execute(sql`truncate flagged_message cascade`);
    await expectCountsMatchScan();
    expect((await readQueueCounts(h.db, overdueRule(12, Math.floor(Date.now() / 1000)))).byState.open).toBe(0);
    await h.sync();
    await expectCountsMatchScan();
  });
});

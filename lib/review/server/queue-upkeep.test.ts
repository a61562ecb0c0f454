import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { runFlaggedSync } from "./flagged-sync";
import { refreshStatisticsWhenDue } from "./queue-upkeep";

/**
 * The planner's statistics are seen as it sees them: pg_class.reltuples, the row count ANALYZE
 * records (and nothing else in these tests sets, PGlite having no autovacuum).
 */

let h: Harness;

async function estimatedItems(): Promise<number> {
  const [row] = (await h.db.execute(sql`select reltuples::int as n from pg_class where relname = 'flagged_message'`)).rows as { n: number }[];
  return Number(row?.n);
}

const control = (path: string, body: unknown) =>
  fetch(`${h.emulator.url}/__emulator/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe.each(databaseTargets())("the queue's planner statistics on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
  });
  afterAll(() => h.close());

  it("are refreshed in the middle of a first import, once it has written half the queue and 1,000 rows", async () => {
    await control("seed/flagged-messages", { count: 1_400 });
    await control("settings", { flaggedLimit: 500, flaggedPaging: true });
    const { chat } = await import("@/lib/chat/service");
    const before = await estimatedItems();
    const pages: { written: number; estimate: number }[] = [];
    const run = await runFlaggedSync({
      db: h.db,
      list: (request) => chat().listFlaggedMessages(request),
      rateLimit: () => undefined,
      instanceId: "test",
      onStored: async (written) => {
        await refreshStatisticsWhenDue(h.db, written);
        pages.push({ written, estimate: await estimatedItems() });
      },
    });
    expect(run).toMatchObject({ ok: true });
    const total = run.ok ? run.written : 0;
    expect(pages.map((page) => page.written)).toEqual([500, 500, total - 1_000]);
    // The first page is under 1,000 rows; the second brings the sync's writes to 1,000; the third is under both thresholds again.
    expect(pages.map((page) => page.estimate)).toEqual([before, 1_000, 1_000]);
    expect(before).not.toBe(1_000);
  });
});

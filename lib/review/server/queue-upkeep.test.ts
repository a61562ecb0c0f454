import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emulatorControl } from "@/lib/testing/emulator-control";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { runFlaggedSync } from "./flagged-sync";
import { syncFlaggedMessages } from "./sync";
import { keepQueueFast, refreshStatisticsWhenDue, VACUUM_EVERY_MS } from "./queue-upkeep";
import { listedMessage } from "@/lib/testing/listed-message";

/**
 * The planner's statistics are seen as it sees them: pg_class.reltuples, the row count ANALYZE
 * records, and relpages, the pages VACUUM found (nothing else in these tests sets them, PGlite
 * having no autovacuum).
 */

let h: Harness;

async function seen(): Promise<{ rows: number; pages: number }> {
  const [row] = (await h.db.execute(sql`select reltuples::int as rows, relpages as pages from pg_class where relname = 'flagged_message'`)).rows as { rows: number; pages: number }[];
  return { rows: Number(row?.rows), pages: Number(row?.pages) };
}
const estimatedItems = async () => (await seen()).rows;

let added = 0;
/** More items than fit on the pages VACUUM last found, and fewer than call for new statistics. */
async function addItems(): Promise<void> {
  const at = 1_800_000_000;
  const messages = Array.from({ length: 300 }, () => listedMessage(`more-${++added}`, { flags: [{ by: "u1", reason: "spam", at }] }));
  await syncFlaggedMessages(h.db, messages, new Date(at * 1000));
}

const control = (path: string, body: unknown) => emulatorControl(h, path, body);

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

  it("are refreshed by a VACUUM every two minutes, however little the sync writes", async () => {
    await addItems();
    const start = Date.now() + VACUUM_EVERY_MS;
    await keepQueueFast(h.db, start);
    const vacuumed = await seen();
    await addItems();
    await keepQueueFast(h.db, start + VACUUM_EVERY_MS - 1);
    expect(await seen()).toEqual(vacuumed);
    await keepQueueFast(h.db, start + VACUUM_EVERY_MS);
    expect((await seen()).pages).toBeGreaterThan(vacuumed.pages);
  });
});

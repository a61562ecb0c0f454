import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "@/lib/db/open";
import { auditLog, flaggedMessage, syncState } from "@/lib/db/schema";
import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { emulatorControl } from "@/lib/testing/emulator-control";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { DELIVERY_WAIT } from "@/lib/testing/delivery-wait";
import { databaseTargets } from "@/lib/testing/test-databases";
import { readQueueSummary, readWholeQueue } from "@/lib/testing/queue-pages";
import { ROLLING_EVERY } from "./flagged-sync";

let h: Harness;
let moderator: string;
const FLAGGED_LIST = "GET /moderation/flagged-messages";

async function flaggedListCalls(): Promise<number> {
  const stats = (await (await fetch(`${h.emulator.url}/__emulator/stats`)).json()) as { requests: { byRoute: Record<string, number> } };
  return stats.requests.byRoute[FLAGGED_LIST] ?? 0;
}

/** The queue's items and the sync's status, as the page reads them. */
async function getQueue() {
  return { ...(await readWholeQueue(h, moderator)), upstream: (await readQueueSummary(h, moderator)).upstream };
}

async function flagUpstream(id: string, flagger: string) {
  const response = await fetch(`${h.emulator.baseUrl}/messages/${encodeURIComponent(id)}/flagged`, {
    method: "POST",
    headers: { apikey: EMULATOR_DEMO_API_KEY, onBehalfOf: flagger, "content-type": "application/json" },
    body: JSON.stringify({ reasonId: "spam", remark: "from the sync test" }),
  });
  expect(response.status).toBe(200);
}

const postgres = databaseTargets().find((target) => target.url);

const stamps = async () => new Map((await h.db.select({ id: flaggedMessage.id, updatedAt: flaggedMessage.updatedAt, version: flaggedMessage.version }).from(flaggedMessage)).map((r) => [r.id, `${r.updatedAt.toISOString()}#${r.version}`]));

describe.each(databaseTargets())("the background sync of the flagged list on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    moderator = await h.cookieFor("moderator");
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    await emulatorControl(h, "reset");
  });

  it("reading the queue (its routes and what the page renders) never calls the chat service's flagged list nor writes", async () => {
    const { readQueuePage, readQueueSummaryNow } = await import("./read-queue");
    const { DEFAULT_VIEW } = await import("@/lib/review/model/queue-view");
    const calls = await flaggedListCalls();
    const before = await stamps();
    const first = await getQueue();
    expect(first.upstream).toMatchObject({ ok: false, code: "ERR_SYNC_PENDING" });
    const viewer = { id: h.staffIds.moderator, admin: false };
    await readQueuePage(h.db, { view: DEFAULT_VIEW, limit: 50 }, viewer, 24);
    await readQueueSummaryNow(h.db, DEFAULT_VIEW, viewer, 24);
    await getQueue();
    expect(await flaggedListCalls()).toBe(calls);
    expect(await stamps()).toEqual(before);
  });

  it("imports the list, then rewrites nothing when it is unchanged, and says how it went on the queue's status", async () => {
    const first = await h.sync();
    expect(first).toMatchObject({ ok: true, itemsSeen: 50 });
    const imported = await stamps();
    expect(imported.size).toBeGreaterThanOrEqual(50);

    const second = await h.sync();
    expect(second).toMatchObject({ ok: true, itemsSeen: 50, written: 0 });
    expect(await stamps()).toEqual(imported);

    const { readSyncStatus } = await import("./sync-status");
    const status = await readSyncStatus(h.db);
    expect(status).toMatchObject({ itemsSeen: 50, itemsWritten: 0, pages: 1, lastError: null, lagSeconds: expect.any(Number) });
    expect(status?.lagSeconds).toBeLessThan(60);
    const queue = await getQueue();
    expect(queue.upstream).toMatchObject({ ok: true, count: 50, limit: 50, moreMayBeWaiting: true, sync: { itemsSeen: 50, pages: 1 } });
  });

  it("writes only the item that received a new flag, and reopens a decided one as before, with its audit row", async () => {
    await h.sync();
    const [item] = await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.state, "open")).limit(1);
    if (!item) throw new Error("an open item");
    await h.db
      .update(flaggedMessage)
      .set({ state: "resolved", decidedAt: new Date(Date.now() - 60_000), assigneeId: h.staffIds.moderator })
      .where(eq(flaggedMessage.id, item.id));
    await h.queueChanged();
    const before = await stamps();
    const flagger = ["kim-hana", "wei-zhang", "mateo-rossi", "noah-williams"].find((uid) => uid !== item.senderUid) ?? "";
    await flagUpstream(item.id, flagger);

    const run = await h.sync();
    expect(run).toMatchObject({ ok: true, written: 1, reopened: 1 });
    const after = await stamps();
    for (const [id, stamp] of before) if (id !== item.id) expect(after.get(id)).toBe(stamp);
    expect(after.get(item.id)).not.toBe(before.get(item.id));
    const [reopened] = await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.id, item.id));
    // Back in the pool, unclaimed: new flags are new work for anyone.
    expect(reopened).toMatchObject({ state: "open", reopened: true, assigneeId: null });
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "review.reopen"), eq(auditLog.targetMessageId, item.id)));
    expect(audit).toHaveLength(1);
  });

  it("walks a paged list whole at the first sync, then reads its first page at each sync and one more in turn at every third", async () => {
    const control = (path: string, body: unknown) => emulatorControl(h, path, body);
    await control("seed/flagged-messages", { count: 60 });
    await control("settings", { flaggedLimit: 20, flaggedPaging: true });
    // From a state with no sync yet, as at the first start.
    await h.db.delete(syncState);
    const calls = async (sync: () => Promise<unknown>) => {
      const before = await flaggedListCalls();
      await sync();
      return (await flaggedListCalls()) - before;
    };
    const { readSyncStatus } = await import("./sync-status");

    let first: Awaited<ReturnType<typeof h.sync>>;
    const walked = await calls(async () => (first = await h.sync()));
    expect(first).toMatchObject({ ok: true });
    const total = first?.ok ? first.itemsSeen : 0;
    const pages = Math.ceil(total / 20);
    expect(pages).toBeGreaterThan(3);
    expect(walked).toBe(pages);
    expect(await readSyncStatus(h.db)).toMatchObject({ itemsSeen: total, pages });

    // Then one call a sync and two at every third, whatever the list's length, and the whole list read once a round.
    for (let turn = 2; turn <= pages; turn++) {
      for (let between = 1; between < ROLLING_EVERY; between++) {
        let firstOnly: Awaited<ReturnType<typeof h.sync>>;
        expect(await calls(async () => (firstOnly = await h.sync()))).toBe(1);
        expect(firstOnly).toMatchObject({ ok: true, itemsSeen: total, read: 20, written: 0 });
      }
      let run: Awaited<ReturnType<typeof h.sync>>;
      expect(await calls(async () => (run = await h.sync()))).toBe(2);
      expect(run).toMatchObject({ ok: true, itemsSeen: total, read: turn === pages ? 20 + (total - 20 * (pages - 1)) : 40, written: 0 });
    }
    expect(await readSyncStatus(h.db)).toMatchObject({ itemsSeen: total, pages });
  });

  it("keeps the last success beside a failure of the chat service, on the queue and in the stored state", async () => {
    await h.sync();
    await emulatorControl(h, "faults", { kind: "status503", route: FLAGGED_LIST, count: 10 });
    // No queue row changes, yet open queues must hear that the status line changed.
    const { notifierFor } = await import("@/lib/db/notify");
    const { QUEUE_CHANNEL } = await import("@/lib/review/live/queue-changes");
    const heard: unknown[] = [];
    const stop = notifierFor(h.db).subscribe(QUEUE_CHANNEL, (message) => heard.push(message));
    const calls = await flaggedListCalls();
    expect(await h.sync()).toMatchObject({ ok: false, code: "ERR_UPSTREAM_SERVER_ERROR" });
    // A read facing a lasting 503 is asked exactly 3 times.
    expect((await flaggedListCalls()) - calls).toBe(3);
    expect(heard).toContainEqual({ type: "change", ids: null });
    stop();
    const queue = await getQueue();
    expect(queue.upstream).toMatchObject({ ok: false, code: "ERR_UPSTREAM_SERVER_ERROR", sync: { lastSuccessAt: expect.any(Number), lastError: { code: "ERR_UPSTREAM_SERVER_ERROR" } } });
    expect(queue.data.length).toBeGreaterThan(0);
    await emulatorControl(h, "reset");
    expect(await h.sync()).toMatchObject({ ok: true });
    expect((await getQueue()).upstream).toMatchObject({ ok: true, sync: { lastError: { code: "ERR_UPSTREAM_SERVER_ERROR" } } });
  });

  it("runs in the background from the server's start, and /api/health shows its state", async () => {
    process.env.FLAGGED_SYNC_INTERVAL_MS = "60000";
    const service = await import("./sync-service");
    const health = await import("@/app/api/health/route");
    service.startFlaggedSync();
    try {
      await expect
        .poll(async () => ((await (await h.call(health, "GET", "/api/health")).json()) as { sync: unknown }).sync)
        .toMatchObject({ itemsSeen: 50, lastSuccessAt: expect.any(Number), lagSeconds: expect.any(Number), lastDurationMs: expect.any(Number) });
      // Through the running loop: turns never overlap.
      expect(await h.sync()).toMatchObject({ ok: true, written: 0 });
    } finally {
      await service.stopFlaggedSync();
    }
  });
});

describe.runIf(postgres)("the background sync with several instances on PostgreSQL", () => {
  beforeAll(async () => {
    h = await startHarness({ target: postgres });
    moderator = await h.cookieFor("moderator");
  });
  afterAll(async () => h.close());

  it("tells the queues open on another instance of the new flag it stored", async () => {
    await h.sync();
    const other = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "unused" });
    const { QUEUE_CHANNEL } = await import("@/lib/review/live/queue-changes");
    const heard: unknown[] = [];
    let listening = false;
    const stop = other.notifier.subscribe(QUEUE_CHANNEL, (message) => heard.push(message), () => (listening = true));
    try {
      await vi.waitFor(() => expect(listening).toBe(true), DELIVERY_WAIT);
      const [item] = await h.db.select().from(flaggedMessage).limit(1);
      if (!item) throw new Error("an item");
      await flagUpstream(item.id, ["kim-hana", "wei-zhang", "mateo-rossi"].find((uid) => uid !== item.senderUid) ?? "");
      expect(await h.sync()).toMatchObject({ ok: true, written: 1 });
      await vi.waitFor(() => expect(heard).toContainEqual({ type: "change", ids: [item.id] }), DELIVERY_WAIT);
    } finally {
      stop();
      await other.close();
    }
  });
});

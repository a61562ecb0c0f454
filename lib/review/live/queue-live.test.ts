import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readWholeQueue } from "@/lib/testing/queue-pages";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle, type Db } from "@/lib/db/open";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { DELIVERY_WAIT } from "@/lib/testing/delivery-wait";
import { databaseTargets } from "@/lib/testing/test-databases";
import type { ChangeEvent, PresenceEvent } from "@/lib/review/model/live-schemas";

let h: Harness;
// Imported after the harness starts (it resets the module registry).
let live: typeof import("./queue-live");
let changes: typeof import("./queue-changes");

function watch(db: Db) {
  const heard = { changes: [] as ChangeEvent[], presence: [] as PresenceEvent[] };
  const stop = live.watchQueue(db, { onChange: (event) => heard.changes.push(event), onPresence: (event) => heard.presence.push(event) });
  return { heard, stop, latest: () => heard.presence.at(-1)?.viewers ?? [] };
}

const ana = { id: "staff-ana", name: "Ana" };
const ben = { id: "staff-ben", name: "Ben" };

/** Presence expires by Date.now() and a setTimeout: a fake clock moves reports past their time without waiting. */
const fakePresenceClock = () => vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
afterEach(() => vi.useRealTimers());

describe.each(databaseTargets())("the review queue's live channel on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    live = await import("./queue-live");
    changes = await import("./queue-changes");
  });
  afterAll(async () => h.close());

  it("tells a watcher of each change with the ids the writer knew, or null for the whole queue", async () => {
    const w = watch(h.db);
    changes.markQueueChanged(h.db, ["m-1", "m-2"]);
    changes.markQueueChanged(h.db);
    changes.markQueueChanged(h.db, Array.from({ length: 2000 }, (_, i) => `a-long-list-of-message-ids-${i}`));
    await expect.poll(() => w.heard.changes).toEqual([{ ids: ["m-1", "m-2"] }, { ids: null }, { ids: null }]);
    w.stop();
  });

  it("shows who has which item open, drops a report once it expires, and forgets a closed item at once", async () => {
    fakePresenceClock();
    const w = watch(h.db);
    expect(w.heard.presence).toEqual([{ viewers: [] }]);
    live.reportPresence(h.db, ana, "m-1");
    live.reportPresence(h.db, ben, "m-1", 300);
    expect(w.latest()).toEqual([
      { staffId: "staff-ana", name: "Ana", itemId: "m-1" },
      { staffId: "staff-ben", name: "Ben", itemId: "m-1" },
    ]);
    const told = w.heard.presence.length;
    // The same report again (a heartbeat) changes nothing the watchers need to hear.
    live.reportPresence(h.db, ana, "m-1");
    expect(w.heard.presence).toHaveLength(told);
    vi.advanceTimersByTime(299);
    expect(w.latest().map((v) => v.name)).toEqual(["Ana", "Ben"]);
    vi.advanceTimersByTime(20);
    expect(w.latest()).toEqual([{ staffId: "staff-ana", name: "Ana", itemId: "m-1" }]);
    live.reportPresence(h.db, ana, null);
    expect(w.latest()).toEqual([]);
    w.stop();
  });

  it("streams changes and presence over GET /api/review/events to a signed-in moderator, until the browser goes", async () => {
    const events = await import("@/app/api/review/events/route");
    const presenceRoute = await import("@/app/api/review/presence/route");
    const itemRoute = await import("@/app/api/review/items/[id]/route");
    const moderator = await h.cookieFor("moderator");
    const admin = await h.cookieFor("admin");
    await h.sync();
    const queue = await readWholeQueue(h, moderator);
    const item = queue.data.find((i) => i.state === "open");
    if (!item) throw new Error("the seeded queue has no open item");

    const browserGone = new AbortController();
    const response = await events.GET(new Request(`${APP_URL}/api/review/events`, { headers: { cookie: moderator }, signal: browserGone.signal }), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (!reader) throw new Error("no body");
    let text = "";
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${pattern}: ${text}`);
        text += value;
      }
    };
    await readUntil(/retry: \d+\n\n[\s\S]*event: presence\ndata: \{"viewers":\[\]\}\n\n/);

    const reported = await h.call(presenceRoute, "POST", "/api/review/presence", { cookie: admin, headers: { origin: APP_URL }, body: { itemId: item.id } });
    expect(reported.status).toBe(200);
    await readUntil(new RegExp(`event: presence\\ndata: \\{"viewers":\\[\\{"staffId":"${h.staffIds.admin}","name":"[^"]+","itemId":"${item.id}"\\}\\]\\}`));

    const claimed = await h.call(itemRoute, "POST", `/api/review/items/${item.id}`, { cookie: admin, params: { id: item.id }, headers: { origin: APP_URL }, body: { action: "claim", version: item.version } });
    expect(claimed.status).toBe(200);
    await readUntil(new RegExp(`event: change\\ndata: \\{"ids":\\["${item.id}"\\]\\}`));

    const refused = await h.call(presenceRoute, "POST", "/api/review/presence", { cookie: admin, headers: { origin: APP_URL }, body: { itemId: "../x" } });
    expect(refused.status).toBe(400);

    browserGone.abort();
    await expect.poll(async () => (await reader.read()).done).toBe(true);
    await h.call(presenceRoute, "POST", "/api/review/presence", { cookie: admin, headers: { origin: APP_URL }, body: { itemId: null } });
  });
});

describe.each(databaseTargets())("a page's first stream on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    live = await import("./queue-live");
    changes = await import("./queue-changes");
  });
  afterAll(async () => h.close());

  /** Opens GET /api/review/events with this query and reads it until the moderator's own presence report comes back. */
  async function firstEvents(query: string): Promise<string> {
    const events = await import("@/app/api/review/events/route");
    const presenceRoute = await import("@/app/api/review/presence/route");
    const moderator = await h.cookieFor("moderator");
    const gone = new AbortController();
    const response = await events.GET(new Request(`${APP_URL}/api/review/events${query}`, { headers: { cookie: moderator }, signal: gone.signal }), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (!reader) throw new Error("no body");
    // Everything the stream sent on opening is before the answer to a report made after it opened.
    await h.call(presenceRoute, "POST", "/api/review/presence", { cookie: moderator, headers: { origin: APP_URL }, body: { itemId: "marker-item" } });
    let text = "";
    while (!text.includes("marker-item")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended: ${text}`);
      text += value;
    }
    gone.abort();
    await h.call(presenceRoute, "POST", "/api/review/presence", { cookie: moderator, headers: { origin: APP_URL }, body: { itemId: null } });
    return text;
  }

  it("sends a change at once when the queue may have changed since the page read it, and none when it surely has not", async () => {
    const stream = await import("./queue-event-stream");
    const listening = watch(h.db);
    // On PostgreSQL the process starts hearing the other instances a moment after the first watcher.
    await expect.poll(() => live.queueQuietSince(h.db, Date.now())).toBe(true);
    changes.markQueueChanged(h.db, ["m-1"]);
    const changedAt = changes.lastQueueChangeAt(h.db) ?? 0;
    expect(live.queueQuietSince(h.db, changedAt)).toBe(false);
    expect(live.queueQuietSince(h.db, changedAt + 1)).toBe(true);

    // Read before the change (within the margin for clocks): told at once; read well after it: not told.
    expect(await firstEvents(`?since=${changedAt + stream.SINCE_MARGIN_MS}`)).toContain('event: change\ndata: {"ids":null}');
    expect(await firstEvents(`?since=${changedAt + stream.SINCE_MARGIN_MS + 1000}`)).not.toContain("event: change");
    // Without `since` the page fetches by itself when the stream opens: nothing is sent for it.
    expect(await firstEvents("")).not.toContain("event: change");
    listening.stop();
  });

  it("refuses a `since` that is not milliseconds, and opens nothing", async () => {
    const events = await import("@/app/api/review/events/route");
    const moderator = await h.cookieFor("moderator");
    for (const since of ["abc", "-5", "1e9", "12345678901234567", ""]) {
      const response = await h.call(events, "GET", `/api/review/events?since=${encodeURIComponent(since)}`, { cookie: moderator });
      expect(response.status, since).toBe(400);
    }
  });
});

const postgres = databaseTargets().find((t) => t.url);

describe.runIf(postgres)("the review queue's live channel between two instances on PostgreSQL", () => {
  let other: DatabaseHandle;
  let dataDir: string;
  beforeAll(async () => {
    h = await startHarness({ target: postgres });
    live = await import("./queue-live");
    changes = await import("./queue-changes");
    dataDir = mkdtempSync(path.join(tmpdir(), "queue-live-test-"));
    // A second instance: its own pool and listening connection on the harness's scratch database.
    other = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  });
  afterAll(async () => {
    await other?.close();
    await h.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a change marked on one instance reaches the other's watchers, and its next queue read looks at the database", async () => {
    const onOther = watch(other.db);
    await expect.poll(() => onOther.heard.presence.length).toBeGreaterThan(0);
    const before = changes.queueGeneration(other.db);
    // The listening connection may still be starting: mark again until the first one lands.
    await expect
      .poll(() => {
        changes.markQueueChanged(h.db, ["m-9"]);
        return onOther.heard.changes.length;
      })
      .toBeGreaterThan(0);
    expect(onOther.heard.changes[0]).toEqual({ ids: ["m-9"] });
    expect(changes.queueGeneration(other.db)).toBeGreaterThan(before);
    onOther.stop();
  });

  it("an instance vouches that the queue is quiet only since it started hearing the others", async () => {
    const notListening = live.queueQuietSince(other.db, Date.now() + 60_000);
    expect(notListening).toBe(false);
    const onOther = watch(other.db);
    await expect.poll(() => live.queueQuietSince(other.db, Date.now())).toBe(true);
    const heardAt = Date.now();
    await expect
      .poll(() => {
        changes.markQueueChanged(h.db, ["m-10"]);
        return live.queueQuietSince(other.db, heardAt);
      })
      .toBe(false);
    onOther.stop();
    // Stopped listening: it can no longer say what the others did.
    expect(live.queueQuietSince(other.db, Date.now() + 60_000)).toBe(false);
  });

  it("shares presence both ways, tells a newly listening instance what the others know, and expires reports there too", async () => {
    fakePresenceClock();
    const here = watch(h.db);
    // expect.poll moves a fake clock by its interval on each try: Ana's report lasts longer than
    // the two polls before its end may take (DELIVERY_WAIT each), and its end is measured from when
    // it was made. Ben's outlasts every poll here, so it ends by his own report, not by its time.
    const reportedAt = Date.now();
    const ttlMs = 2 * DELIVERY_WAIT.timeout + 1_000;
    live.reportPresence(other.db, ana, "m-1", ttlMs);
    // `other` was not listening when Ana reported there; when it starts, it tells the others again.
    const there = watch(other.db);
    expect(there.latest()).toEqual([{ staffId: "staff-ana", name: "Ana", itemId: "m-1" }]);
    await expect.poll(() => here.latest()).toEqual([{ staffId: "staff-ana", name: "Ana", itemId: "m-1" }]);
    live.reportPresence(h.db, ben, "m-2", ttlMs + 2 * DELIVERY_WAIT.timeout);
    await expect.poll(() => there.latest().map((v) => v.name)).toEqual(["Ana", "Ben"]);
    const names = () => [here.latest().map((v) => v.name), there.latest().map((v) => v.name)];
    vi.advanceTimersByTime(reportedAt + ttlMs - 1 - Date.now());
    expect(names()).toEqual([["Ana", "Ben"], ["Ana", "Ben"]]);
    // The other instance heard the time left, so its copy ends as late as the clock moved while
    // the report travelled: well within a second.
    vi.advanceTimersByTime(1_000);
    expect(names()).toEqual([["Ben"], ["Ben"]]);
    live.reportPresence(h.db, ben, null);
    await expect.poll(() => there.latest()).toEqual([]);
    here.stop();
    there.stop();
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { readWholeQueue } from "@/lib/testing/queue-pages";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_BUFFERED_BYTES } from "@/lib/review/live/queue-event-stream";
import { APP_URL, PASSWORD, startHarness, type Harness } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";

/**
 * Attack: open the live queue's event stream and never read it, while presence reports make
 * events for every stream. The server queued every event for every unread stream (3.5 GB).
 * Now a stream that falls a small bound behind is dropped, and presence reports are rate
 * limited per moderator. A real HTTP server, real sockets (a Unix socket, whose kernel buffer does
 * not grow as loopback TCP's does, so the unread client fills it at the same point in every run);
 * the bound is checked on the server's own count of queued bytes.
 */
let h: Harness;
let server: Awaited<ReturnType<typeof startRouteServer>>;
const socketDir = mkdtempSync(path.join(tmpdir(), "unread-streams-"));
const routes = {
  events: () => import("@/app/api/review/events/route"),
  presence: () => import("@/app/api/review/presence/route"),
};
const STREAMS = 4;
const REPORTERS = 16;
const write = { origin: APP_URL };

function openUnreadStream(cookie: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}/api/review/events`, { socketPath: path.join(socketDir, "events.sock"), headers: { cookie } }, (res) => {
      res.pause();
      resolve(res);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Reads a stream to its end: the server ended it (or dropped the connection). */
function drain(res: IncomingMessage): Promise<number> {
  return new Promise((resolve) => {
    let bytes = 0;
    res.on("data", (chunk: Buffer) => (bytes += chunk.length));
    res.once("close", () => resolve(bytes));
    res.resume();
  });
}

describe("unread live streams and a flood of presence reports", () => {
  let reporters: string[];
  let itemIds: string[];

  beforeAll(async () => {
    h = await startHarness();
    const { events } = { events: await routes.events() };
    server = await startRouteServer((request) => events.GET(request, { params: Promise.resolve({}) }), { kind: "off" }, path.join(socketDir, "events.sock"));
    const { addStaff } = await import("@/lib/staff/staff-store");
    reporters = [];
    for (let i = 0; i < REPORTERS; i++) {
      const email = `reporter-${i}@test.example`;
      await addStaff(h.db, { email, name: `Reporter ${i} ${"n".repeat(60)}`, role: "moderator", password: PASSWORD });
      reporters.push((await h.signIn(email)).cookie);
    }
    await h.sync();
    const queue = await readWholeQueue(h, reporters[0] ?? "");
    itemIds = queue.data.slice(0, 10).map((item) => item.id);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await h.close();
    rmSync(socketDir, { recursive: true, force: true });
  });

  const reportAnswer = async (cookie: string, itemId: string) => h.call(await routes.presence(), "POST", "/api/review/presence", { cookie, body: { itemId }, headers: write });
  const report = async (cookie: string, itemId: string) => (await reportAnswer(cookie, itemId)).status;

  it("drops a stream whose client does not read, keeping what it holds under the bound", async () => {
    const { queueEventStreamStats } = await import("@/lib/review/live/queue-event-stream");
    const cookie = await h.cookieFor("moderator");
    const streams = await Promise.all(Array.from({ length: STREAMS }, () => openUnreadStream(cookie)));
    expect(queueEventStreamStats(h.db).open).toBe(STREAMS);

    let mostBuffered = 0;
    for (let round = 0; round < 20 && queueEventStreamStats(h.db).open > 0; round++) {
      for (const [i, reporter] of reporters.entries()) {
        expect(await report(reporter, itemIds[(round + i) % itemIds.length] ?? "")).toBe(200);
        mostBuffered = Math.max(mostBuffered, queueEventStreamStats(h.db).bufferedBytes);
      }
    }
    expect(queueEventStreamStats(h.db)).toEqual({ open: 0, bufferedBytes: 0 });
    // One event past the bound per stream at most (an event is about 2 KB here).
    expect(mostBuffered).toBeLessThanOrEqual(STREAMS * (MAX_BUFFERED_BYTES + 4096));
    // The client, reading at last, finds its stream ended and reconnects.
    await Promise.all(streams.map(drain));
  });

  it("refuses a moderator's presence reports past the rate with 429 and Retry-After", async () => {
    const cookie = reporters[REPORTERS - 1] ?? "";
    // The clock stands still, so no token comes back during the flood however slowly the machine sends it.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 49; i++) statuses.push(await report(cookie, itemIds[i % itemIds.length] ?? ""));
      const refusedFrom = statuses.indexOf(429);
      // At most the burst of 20 (fewer if the test above used some), then nothing but refusals.
      expect(refusedFrom).toBeGreaterThan(-1);
      expect(refusedFrom).toBeLessThanOrEqual(20);
      expect(statuses.slice(refusedFrom).every((s) => s === 429)).toBe(true);
      const last = await reportAnswer(cookie, itemIds[0] ?? "");
      expect(last.status).toBe(429);
      expect(Number(last.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      // Another moderator is not held back by this one.
      expect(await report(reporters[0] ?? "", itemIds[0] ?? "")).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

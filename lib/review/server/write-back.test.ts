import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createChatClient, type ChatClient } from "@/lib/chat/client";
import { auditLog, flaggedMessage, reviewOutbox } from "@/lib/db/schema";
import type { Db } from "@/lib/db/open";
import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { WRITE_BACK_DELAY_SECONDS } from "./decision-outbox";
import { readWholeQueue } from "@/lib/testing/queue-pages";
import type { QueueResponse, StoredItem, UndoTicket } from "@/lib/review/model/review-schemas";
import { backoffMs, sendDueDecisions } from "./write-back-sender";

/** Issue 18: every review decision reaches the chat service's own review state, through the outbox. */
let h: Harness;
let moderator: string;
let client: ChatClient;
const write = { origin: APP_URL };
const routes = {
  item: () => import("@/app/api/review/items/[id]/route"),
  bulk: () => import("@/app/api/review/bulk/route"),
  undo: () => import("@/app/api/review/undo/[id]/route"),
};
const PATCH_ROUTE = "PATCH /moderation/flagged-messages/:id";

/** The queue after a sync, as the background sync would have run before a moderator looks. */
async function queue(): Promise<QueueResponse> {
  await h.sync();
  return readWholeQueue(h, moderator);
}

async function openItems(n: number): Promise<StoredItem[]> {
  const items = (await queue()).data.filter((i) => i.state === "open").slice(0, n);
  if (items.length < n) throw new Error(`${n} open items`);
  return items;
}

/** A command on the item as the queue shows it now (commands carry the version they were decided on). */
async function decide(id: string, action: string, version?: number): Promise<{ data: StoredItem; undo?: UndoTicket }> {
  version ??= (await queue()).data.find((i) => i.id === id)?.version;
  const body = { action, version };
  const response = await h.call(await routes.item(), "POST", `/api/review/items/${id}`, { cookie: moderator, params: { id }, body, headers: write });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: StoredItem; undo?: UndoTicket };
}

const control = (route: string, body?: unknown) =>
  fetch(`${h.emulator.url}/__emulator/${route}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const reviewedUpstream = async () => ((await (await control("reviewed")).json()) as { reviewed: Record<string, string> }).reviewed;
const patchesSent = async () => ((await (await control("stats")).json()) as { requests: { byRoute: Record<string, number> } }).requests.byRoute[PATCH_ROUTE] ?? 0;
const outboxRow = async (id: string) => (await h.db.select().from(reviewOutbox).where(eq(reviewOutbox.messageId, id)))[0];
const writeBackAudit = (id: string) => h.db.select().from(auditLog).where(and(eq(auditLog.action, "review.write_back"), eq(auditLog.targetMessageId, id)));

/** The sender as the background loop runs it, on this clock (epoch ms). */
const send = (nowMs: number, db: Db = h.db, chat: ChatClient = client) => sendDueDecisions({ db, client: chat, now: () => nowMs });
const afterWindow = () => Date.now() + (WRITE_BACK_DELAY_SECONDS + 1) * 1000;

describe.each(databaseTargets())("writing review decisions back on $name", (target) => {
  beforeAll(async () => {
    // The emulator's clock stands still: its per-minute rate-limit budget never refills mid-test.
    const emulatorNow = Math.floor(Date.now() / 1000);
    h = await startHarness({ target, emulatorNow: () => emulatorNow });
    moderator = await h.cookieFor("moderator");
    client = createChatClient({ baseUrl: h.emulator.baseUrl, apiKey: EMULATOR_DEMO_API_KEY, timeoutMs: 2_000, readRetry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 } });
  });
  afterAll(async () => {
    await client.close();
    await h.close();
  });
  beforeEach(async () => {
    await control("reset", {});
    await h.db.delete(reviewOutbox).where(eq(reviewOutbox.state, "pending"));
  });

  it("sends resolve as disapproved and dismiss as approved, only once the undo window has closed, and audits each send", async () => {
    const [upheld, dismissed] = await openItems(2);
    if (!upheld || !dismissed) return;
    await decide(upheld.id, "resolve");
    await decide(dismissed.id, "dismiss");
    expect(await outboxRow(upheld.id)).toMatchObject({ status: "disapproved", state: "pending", attempts: 0 });

    expect((await send(Date.now())).sent).toEqual([]);
    expect(await patchesSent()).toBe(0);
    expect((await queue()).data.find((i) => i.id === upheld.id)?.writeBack).toMatchObject({ status: "disapproved", state: "pending", attempts: 0 });

    const run = await send(afterWindow());
    expect(run.sent.sort()).toEqual([upheld.id, dismissed.id].sort());
    expect(await reviewedUpstream()).toEqual({ [upheld.id]: "disapproved", [dismissed.id]: "approved" });
    expect(await outboxRow(upheld.id)).toMatchObject({ state: "sent", attempts: 1, lastError: null });
    expect(await writeBackAudit(upheld.id)).toEqual([
      expect.objectContaining({ outcome: "success", staffId: null, detail: { status: "disapproved", attempt: 1, result: "sent" } }),
    ]);
    // The item leaves the service's flagged list, and the queue (read just before) shows the decision as written.
    expect((await client.listFlaggedMessages()).data.map((m) => m.id)).not.toContain(upheld.id);
    // The stored queue (as every poll reads it, without a new list from the service) shows it at once.
    expect((await readWholeQueue(h, moderator)).data.find((i) => i.id === upheld.id)?.writeBack).toMatchObject({ status: "disapproved", state: "sent", error: null });

    expect((await send(afterWindow() + 60_000)).sent).toEqual([]);
    expect(await patchesSent()).toBe(2);
  });

  it("sends a bulk decision for every item it changed", async () => {
    const items = await openItems(3);
    const ids = items.map((i) => i.id);
    const response = await h.call(await routes.bulk(), "POST", "/api/review/bulk", { cookie: moderator, body: { ids, action: "dismiss", versions: Object.fromEntries(items.map((i) => [i.id, i.version])) }, headers: write });
    expect(response.status).toBe(200);
    expect((await send(afterWindow())).sent.sort()).toEqual([...ids].sort());
    expect(Object.values(await reviewedUpstream())).toEqual(["approved", "approved", "approved"]);
  });

  it("sends nothing for a decision undone inside the window", async () => {
    const [item] = await openItems(1);
    if (!item) throw new Error("the test needs an item");
    const { undo } = await decide(item.id, "resolve");
    const undone = await h.call(await routes.undo(), "POST", `/api/review/undo/${undo?.id}`, { cookie: moderator, params: { id: String(undo?.id) }, headers: write });
    expect(undone.status).toBe(200);
    expect(await outboxRow(item.id)).toMatchObject({ state: "cancelled" });
    expect((await send(afterWindow())).sent).toEqual([]);
    expect(await patchesSent()).toBe(0);
    expect((await queue()).data.find((i) => i.id === item.id)?.writeBack).toBeNull();
  });

  it("sends the latest decision when an item is reopened and decided again before the window closed", async () => {
    const [item] = await openItems(1);
    if (!item) throw new Error("the test needs an item");
    await decide(item.id, "resolve");
    await decide(item.id, "reopen");
    expect(await outboxRow(item.id)).toMatchObject({ state: "cancelled" });
    await decide(item.id, "dismiss");
    expect((await send(afterWindow())).sent).toEqual([item.id]);
    expect(await reviewedUpstream()).toEqual({ [item.id]: "approved" });
  });

  it("keeps a decision the service refused, with its reason on the item and in the audit log, and never sends it again", async () => {
    const [item] = await openItems(1);
    if (!item) throw new Error("the test needs an item");
    // A message the service does not know (404): a copy of a real item under an id it never issued.
    const [row] = await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.id, item.id));
    if (!row) return;
    const unknownId = "990000001";
    await h.db.insert(flaggedMessage).values({ ...row, id: unknownId });
    await decide(unknownId, "resolve", row.version);
    expect((await send(afterWindow())).refused).toEqual([unknownId]);
    const outbox = await outboxRow(unknownId);
    expect(outbox).toMatchObject({ state: "refused", attempts: 1, lastErrorCode: "ERR_MESSAGE_ID_NOT_FOUND" });
    expect(outbox?.lastError).toMatch(/990000001/);
    expect((await queue()).data.find((i) => i.id === unknownId)?.writeBack).toMatchObject({ state: "refused", error: outbox?.lastError });
    expect(await writeBackAudit(unknownId)).toEqual([
      expect.objectContaining({ outcome: "failure", errorStatus: 404, detail: expect.objectContaining({ result: "refused", status: "disapproved" }) }),
    ]);
    expect((await send(afterWindow() + 3_600_000)).refused).toEqual([]);
    expect(await patchesSent()).toBe(1);
  });

  it("waits for Retry-After after a 429, backs off after a failure, and then sends", async () => {
    const [item] = await openItems(1);
    if (!item) throw new Error("the test needs an item");
    await decide(item.id, "resolve");
    const start = afterWindow();
    await control("faults", { kind: "status429", route: PATCH_ROUTE, count: 1, retryAfterSeconds: 30 });
    expect((await send(start)).retrying).toEqual([item.id]);
    expect(await outboxRow(item.id)).toMatchObject({ state: "pending", attempts: 1, dueAt: new Date(start + 30_000) });
    expect((await send(start + 29_000)).sent).toEqual([]);

    await control("faults", { kind: "status503", route: PATCH_ROUTE, count: 1 });
    expect((await send(start + 30_000)).retrying).toEqual([item.id]);
    expect(await outboxRow(item.id)).toMatchObject({ attempts: 2, dueAt: new Date(start + 30_000 + backoffMs(2)) });
    expect(await writeBackAudit(item.id)).toHaveLength(2);

    expect((await send(start + 30_000 + backoffMs(2))).sent).toEqual([item.id]);
    expect(await outboxRow(item.id)).toMatchObject({ state: "sent", attempts: 3 });
    expect(await reviewedUpstream()).toEqual({ [item.id]: "disapproved" });
  });

  it("sends again after a timeout, since the PATCH is idempotent", async () => {
    const [item] = await openItems(1);
    if (!item) throw new Error("the test needs an item");
    await decide(item.id, "dismiss");
    const hasty = createChatClient({ baseUrl: h.emulator.baseUrl, apiKey: EMULATOR_DEMO_API_KEY, timeoutMs: 200 });
    await control("faults", { kind: "latency", route: PATCH_ROUTE, count: 1, latencyMs: 1_000 });
    expect((await send(afterWindow(), h.db, hasty)).retrying).toEqual([item.id]);
    await hasty.close();
    expect(await outboxRow(item.id)).toMatchObject({ state: "pending", lastErrorCode: "ERR_UPSTREAM_TIMEOUT" });
    expect((await send(afterWindow() + backoffMs(1))).sent).toEqual([item.id]);
  });

  it("never sends one decision twice from two instances at once, and picks up a row a stopped instance held once its lease ran out", async () => {
    const items = await openItems(6);
    for (const item of items) await decide(item.id, "resolve");
    const other = target.url ? await openSecondInstance() : undefined;
    try {
      const at = afterWindow();
      const [a, b] = await Promise.all([send(at, h.db), send(at, other?.db ?? h.db)]);
      expect([...a.sent, ...b.sent].sort()).toEqual(items.map((i) => i.id).sort());
      expect(await patchesSent()).toBe(6);
    } finally {
      await other?.close();
    }

    // A row taken by an instance that then died is held until its lease runs out.
    const [late] = await openItems(1);
    if (!late) return;
    await decide(late.id, "resolve");
    const leaseUntil = new Date(afterWindow() + 60_000);
    await h.db.update(reviewOutbox).set({ leaseUntil }).where(eq(reviewOutbox.messageId, late.id));
    expect((await send(afterWindow())).sent).toEqual([]);
    expect((await send(leaseUntil.getTime() + 1)).sent).toEqual([late.id]);
  });

  it("pauses while less than a tenth of the rate-limit budget is left, until it refills", async () => {
    const [item] = await openItems(1);
    if (!item) throw new Error("the test needs an item");
    await decide(item.id, "resolve");
    await control("settings", { rateLimitPerMinute: 20 });
    // The dashboard's own reads of this minute count too: spend the budget down to its last request.
    for (let i = 0; i < 20 && (client.rateLimit()?.remaining ?? 20) > 1; i++) await client.getUser("ana-souza");
    const reading = client.rateLimit();
    expect(reading).toMatchObject({ limit: 20, remaining: 1 });
    const run = await send(Math.max(afterWindow(), reading?.observedAt ?? 0));
    expect(run).toMatchObject({ paused: true, sent: [] });
    expect(await patchesSent()).toBe(0);
    await control("settings", { rateLimitPerMinute: 1_000_000 });
    // A minute on, the budget has refilled.
    expect((await send((reading?.observedAt ?? 0) + 61_000)).sent).toEqual([item.id]);
  });
});

/** A second dashboard instance on the same PostgreSQL database. */
async function openSecondInstance() {
  const { openDatabase } = await import("@/lib/db/open");
  const dataDir = mkdtempSync(path.join(tmpdir(), "dashboard-second-"));
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  return {
    db: handle.db,
    async close() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

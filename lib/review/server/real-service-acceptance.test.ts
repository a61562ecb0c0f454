import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRealServiceServer, type RealServiceServer, type ServiceUser } from "@/lib/chat/fixtures/real-service-server";
import { APP_URL, startDashboardAgainst } from "@/lib/testing/harness";
import type { UserAnswer, UserContext } from "@/lib/users/user-schemas";
import { readQueueSummary, readWholeQueue } from "@/lib/testing/queue-pages";
import { WRITE_BACK_DELAY_SECONDS } from "./decision-outbox";
import type { StoredItem } from "@/lib/review/model/review-schemas";

/**
 * Issue 18, done when: a moderator clears a queue that mixes direct and group messages, text and
 * media, against an independent server that answers in the real service's shapes (written from
 * cometchat-real-service.md, not the emulator), through the dashboard's own parts: the background
 * sync, the queue and review routes, the database, the outbox and its sender.
 */
let service: RealServiceServer;
let h: Awaited<ReturnType<typeof startDashboardAgainst>>;
let moderator: string;
const write = { origin: APP_URL };
const routes = {
  item: () => import("@/app/api/review/items/[id]/route"),
  bulk: () => import("@/app/api/review/bulk/route"),
  user: () => import("@/app/api/users/[uid]/route"),
  context: () => import("@/app/api/users/[uid]/context/route"),
};

// A busy prefix: 1,500 deactivated users start with "ana", and "ana" herself comes after them.
const crowd: ServiceUser[] = Array.from({ length: 1500 }, (_, i) => ({ uid: `ana-${String(i).padStart(4, "0")}`, name: `Ana ${i}` }));
const ana: ServiceUser = { uid: "ana", name: "Ana Lima" };

/** Every item the dashboard holds, with the sync's status, as the queue page reads them. */
async function queue() {
  const { upstream, totals } = await readQueueSummary(h, moderator);
  return { ...(await readWholeQueue(h, moderator)), upstream, totals };
}

const byId = (items: StoredItem[]) => new Map(items.map((i) => [i.id, i]));
const flaggedListAsked = () => service.requests.filter((r) => r.method === "GET" && r.url.startsWith("/v3/moderation/flagged-messages")).map((r) => r.url);

/** The write-back sender as the background loop runs it, with the dashboard's own chat client, on this clock (epoch ms). */
async function sendDecisions(nowMs: number) {
  const { sendDueDecisions } = await import("./write-back-sender");
  const { chat } = await import("@/lib/chat/service");
  const { lastRateLimit } = await import("@/lib/chat/rate-limit-store");
  return sendDueDecisions({ db: h.db, client: { reviewFlaggedMessage: chat().reviewFlaggedMessage, rateLimit: lastRateLimit }, now: () => nowMs });
}

beforeAll(async () => {
  service = await startRealServiceServer({ users: [{ uid: "superhero1", name: "Iron Man", status: "available" }], deactivated: [...crowd, ana] });
  h = await startDashboardAgainst(service.baseUrl, { env: { CHAT_API_KEY: "independent-service-key", AUTH_SECRET: "a".repeat(32), REQUIRE_2FA: "off" } });
  moderator = await h.cookieFor("moderator");
});
afterAll(async () => {
  await h.close();
  await service.close();
});

describe("the dashboard against an independent server in the real service's shapes", () => {
  it("reads the flagged list at the service's own page size when it refuses the configured one, and says so on the queue", async () => {
    service.setMaxLimit(100);
    expect(await h.sync()).toMatchObject({ ok: true, itemsSeen: 8 });
    expect(flaggedListAsked()).toEqual(["/v3/moderation/flagged-messages?limit=5000", "/v3/moderation/flagged-messages"]);
    expect((await queue()).upstream).toMatchObject({ ok: true, limit: 50, pageSizeRefused: "Failed to validate the data sent with the request." });

    service.setMaxLimit(undefined);
    await h.sync();
    expect((await queue()).upstream).not.toHaveProperty("pageSizeRefused");
  });

  it("imports direct and group messages of every kind, odd times included, and sets the unreadable one apart", async () => {
    await h.sync();
    const answer = await queue();
    const items = byId(answer.data);
    expect([...items.keys()].sort()).toEqual(["101", "102", "103", "104", "105", "106", "108"]);
    expect(Object.fromEntries([...items].map(([id, i]) => [id, `${i.receiverType}:${i.content.kind}`]))).toEqual({
      "101": "user:text",
      "102": "group:image",
      "103": "user:custom",
      "104": "group:action",
      "105": "user:call",
      "106": "user:other",
      "108": "group:file",
    });
    expect(items.get("102")).toMatchObject({ group: { guid: "cometchat-guid-1", name: "Hiking group", membersCount: 42 }, sentAt: 1_700_000_300 });
    expect(items.get("108")?.content).toMatchObject({ kind: "file", attachments: [{ name: "terms.pdf", mimeType: "application/pdf", size: 81_920 }] });
    // A null send time falls back to when the dashboard first saw the message.
    expect(items.get("103")?.sentAt).toBe(items.get("103")?.firstSeenAt);
    expect(answer.upstream).toMatchObject({ ok: true, count: 8, limit: 5000, moreMayBeWaiting: false, unreadable: [{ id: "107" }] });
  });

  it("links and filters a UID the service sent in mixed case as the lower-case one", async () => {
    await h.sync();
    const answer = await queue();
    expect(byId(answer.data).get("108")?.senderUid).toBe("superhero7");
    const sentBy = await readWholeQueue(h, moderator, { sender: "SuperHero7" });
    expect(sentBy.data.map((i) => i.id)).toEqual(["108"]);
    const response = await h.call(await routes.context(), "GET", "/api/users/SuperHero7/context", { cookie: moderator, params: { uid: "SuperHero7" } });
    const context = ((await response.json()) as { data: UserContext }).data;
    expect(context).toMatchObject({ uid: "superhero7", sent: { total: 1, items: [{ id: "108" }] } });
  });

  it("is cleared by a moderator: decisions through the review routes, written back as approved or disapproved after the undo time", async () => {
    const open = (await queue()).data.filter((i) => i.state === "open");
    expect(open).toHaveLength(7);
    // Text and media upheld one by one; the rest dismissed at once.
    const upheld = open.filter((i) => ["text", "image", "file"].includes(i.content.kind));
    const dismissed = open.filter((i) => !upheld.includes(i));
    for (const item of upheld) {
      const response = await h.call(await routes.item(), "POST", `/api/review/items/${item.id}`, { cookie: moderator, params: { id: item.id }, body: { action: "resolve", version: item.version }, headers: write });
      expect(response.status).toBe(200);
    }
    const bulk = await h.call(await routes.bulk(), "POST", "/api/review/bulk", {
      cookie: moderator,
      body: { ids: dismissed.map((i) => i.id), action: "dismiss", versions: Object.fromEntries(dismissed.map((i) => [i.id, i.version])) },
      headers: write,
    });
    expect(bulk.status).toBe(200);
    const decided = await queue();
    expect(decided.data.filter((i) => i.state === "open")).toEqual([]);
    expect(decided.totals).toMatchObject({ open: 0, resolved: upheld.length, dismissed: dismissed.length });

    // Inside the undo time nothing reaches the service.
    expect((await sendDecisions(Date.now())).sent).toEqual([]);
    expect(Object.keys(service.reviewed)).toEqual([]);

    const run = await sendDecisions(Date.now() + (WRITE_BACK_DELAY_SECONDS + 1) * 1000);
    expect(run).toMatchObject({ refused: [], retrying: [], paused: false });
    expect(run.sent.sort()).toEqual(open.map((i) => i.id).sort());
    const expected = Object.fromEntries([...upheld.map((i) => [i.id, "disapproved"]), ...dismissed.map((i) => [i.id, "approved"])]);
    expect(service.reviewed).toEqual(expected);
    const patches = service.requests.filter((r) => r.method === "PATCH");
    expect(patches.map((r) => [r.url, r.body])).toEqual(expect.arrayContaining(Object.entries(expected).map(([id, status]) => [`/v3/moderation/flagged-messages/${id}`, { status }])));
    expect(patches).toHaveLength(open.length);

    // The queue shows each decision as written; the service's list drains to the item it cannot show.
    const written = byId((await queue()).data);
    for (const [id, status] of Object.entries(expected)) expect(written.get(id)?.writeBack).toMatchObject({ status, state: "sent", error: null });
    expect(await h.sync()).toMatchObject({ ok: true, itemsSeen: 1 });
    const after = await queue();
    expect(after.upstream).toMatchObject({ ok: true, count: 1, unreadable: [{ id: "107" }] });
    expect(after.totals).toMatchObject({ open: 0, resolved: upheld.length, dismissed: dismissed.length });
  });

  it("finds a deactivated user behind a busy prefix on a later page of the list-users search", async () => {
    const response = await h.call(await routes.user(), "GET", "/api/users/ana", { cookie: moderator, params: { uid: "ana" } });
    expect(response.status).toBe(200);
    expect((await response.json()) as UserAnswer).toMatchObject({ deactivated: true, data: { uid: "ana", name: "Ana Lima" } });
    expect(service.requests.filter((r) => r.url.startsWith("/v3/users?")).map((r) => r.url)).toEqual([
      "/v3/users?onlyDeactivated=true&searchKey=ana&perPage=1000",
      "/v3/users?onlyDeactivated=true&searchKey=ana&perPage=1000&page=2",
    ]);
    // An active user reads as online when the service says `available`.
    const active = await h.call(await routes.user(), "GET", "/api/users/superhero1", { cookie: moderator, params: { uid: "superhero1" } });
    expect((await active.json()) as UserAnswer).toMatchObject({ deactivated: false, data: { status: "available" } });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { responses } from "@/lib/chat/schemas";
import { flag, flaggedMessage } from "@/lib/db/schema";
import { USER_SEEDS } from "@/lib/emulator/seed-users";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { recordUserView } from "./recent-users";
import { USER_SEARCH_LIMIT, userSearchResponseSchema } from "./user-search-schemas";

/** The "Go to user" box's search (GET /api/users?searchKey=): known users first, then the chat service's. */
let h: Harness;
let cookies: Record<"admin" | "moderator", string>;
let queuePeople: Set<string>;
const routes = {
  users: () => import("@/app/api/users/route"),
  flagged: () => import("@/app/api/moderation/flagged-messages/route"),
};

async function search(searchKey: string, role: "admin" | "moderator" = "moderator") {
  const response = await h.call(await routes.users(), "GET", "/api/users", { cookie: cookies[role], query: { searchKey } });
  return { status: response.status, json: (await response.json()) as unknown };
}

async function found(searchKey: string, role: "admin" | "moderator" = "moderator") {
  const { status, json } = await search(searchKey, role);
  expect(status).toBe(200);
  return userSearchResponseSchema.parse(json);
}

beforeAll(async () => {
  h = await startHarness();
  cookies = { admin: await h.cookieFor("admin"), moderator: await h.cookieFor("moderator") };
  const response = await h.call(await routes.flagged(), "GET", "/api/moderation/flagged-messages", { cookie: cookies.admin });
  const { syncFlaggedMessages } = await import("@/lib/review/server/sync");
  await syncFlaggedMessages(h.db, responses.listFlaggedMessages.parse(await response.json()).data);
  const senders = await h.db.selectDistinct({ uid: flaggedMessage.senderUid }).from(flaggedMessage);
  const flaggers = await h.db.selectDistinct({ uid: flag.flaggerUid }).from(flag);
  queuePeople = new Set([...senders, ...flaggers].map((p) => p.uid));
});
afterAll(async () => h.close());
beforeEach(async () => {
  await fetch(`${h.emulator.url}/__emulator/faults`, { method: "DELETE" });
});

describe("GET /api/users?searchKey=", () => {
  it("answers the staff member's recently viewed users first, then the queue's, then the chat service's, each once", async () => {
    const [sender] = queuePeople;
    if (!sender) throw new Error("a queue sender");
    await recordUserView(h.db, h.staffIds.moderator, sender, "Viewed Before");
    const mine = await found(sender);
    expect(mine.data[0]).toEqual({ uid: sender, name: "Viewed Before", source: "recent" });
    expect(mine.data.filter((u) => u.uid === sender)).toHaveLength(1);
    // Another staff member's recent views are theirs alone: the admin finds the sender in the queue.
    expect((await found(sender, "admin")).data[0]).toMatchObject({ uid: sender, source: "queue" });
  });

  it("finds users the queue does not know in the chat service, by UID or name prefix, in any case", async () => {
    const outsider = USER_SEEDS.find((u) => !queuePeople.has(u.uid));
    if (!outsider) throw new Error("a seeded user outside the queue");
    expect((await found(outsider.uid)).data).toContainEqual({ uid: outsider.uid, name: outsider.name, source: "chat" });
    expect((await found(outsider.name.slice(0, 4).toUpperCase())).data.map((u) => u.uid)).toContain(outsider.uid);
  });

  it("answers at most the box's limit, sources in order, and takes LIKE wildcards literally", async () => {
    const all = await found("a");
    expect(all.data.length).toBeLessThanOrEqual(USER_SEARCH_LIMIT);
    const order = { recent: 0, queue: 1, chat: 2 };
    const ranks = all.data.map((u) => order[u.source]);
    expect(ranks).toEqual([...ranks].sort());
    expect((await found("%")).data).toEqual([]);
    expect((await found("_")).data).toEqual([]);
  });

  it("still answers the users the dashboard knows when the chat service fails, saying why", async () => {
    const [sender] = [...queuePeople].sort();
    if (!sender) throw new Error("a queue sender");
    await fetch(`${h.emulator.url}/__emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "status503", route: "GET /users", count: 10 }),
    });
    const answer = await found(sender, "admin");
    expect(answer.data).toContainEqual(expect.objectContaining({ uid: sender, source: "queue" }));
    expect(answer.chatServiceProblem).toMatch(/chat service/);
  });

  it("refuses an empty, too long or control-character search with 400 naming the field, asking the chat service nothing", async () => {
    const before = await h.upstreamRequests();
    for (const searchKey of ["", "  ", "x".repeat(101), "ana\u0000", "ana\nsouza"]) {
      expect(await search(searchKey)).toMatchObject({ status: 400, json: { error: { code: "ERR_BAD_REQUEST", message: expect.stringContaining("query.searchKey") } } });
    }
    expect(await h.upstreamRequests()).toBe(before);
  });
});

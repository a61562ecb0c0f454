import { readWholeQueue } from "@/lib/testing/queue-pages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { conversationContextSchema, CONTEXT_SIZE } from "@/lib/review/model/conversation-schemas";
import type { QueueResponse } from "@/lib/review/model/review-schemas";

/** The messages around a flagged one, through the dashboard's routes, the chat client and the emulator. */
let h: Harness;
let moderator: string;
let items: QueueResponse["data"];
const routes = {
  group: () => import("@/app/api/groups/[guid]/messages/route"),
  user: () => import("@/app/api/users/[uid]/messages/route"),
};

beforeAll(async () => {
  h = await startHarness();
  moderator = await h.cookieFor("moderator");
  await h.sync();
  items = (await readWholeQueue(h, moderator)).data;
});
afterAll(async () => h.close());

describe("GET /api/groups/{guid}/messages?around=", () => {
  it("answers the group's messages just before and after the flagged one, oldest first, without it", async () => {
    const item = items.find((i) => i.group?.guid === "hiking-club" && i.content.kind === "text");
    if (!item) throw new Error("the seed has a flagged group text");
    const response = await h.call(await routes.group(), "GET", "/api/groups/hiking-club/messages", { params: { guid: "hiking-club" }, query: { around: item.id }, cookie: moderator });
    expect(response.status).toBe(200);
    const { before, after } = conversationContextSchema.parse(await response.json()).data;
    expect(before.length).toBe(CONTEXT_SIZE);
    expect([...before, ...after].map((m) => m.id)).not.toContain(item.id);
    const times = before.map((m) => m.sentAt ?? 0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(before.every((m) => (m.sentAt ?? 0) <= item.sentAt)).toBe(true);
    // A media message in the conversation reads as a summary, not empty text.
    expect(after.some((m) => m.summary === "Image: sunset.png")).toBe(true);
  });

  it("passes an unknown group's 404 on, and refuses a query without `around`", async () => {
    const missing = await h.call(await routes.group(), "GET", "/api/groups/nope/messages", { params: { guid: "nope" }, query: { around: "1" }, cookie: moderator });
    expect(missing.status).toBe(404);
    const bad = await h.call(await routes.group(), "GET", "/api/groups/hiking-club/messages", { params: { guid: "hiking-club" }, cookie: moderator });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/query\.around/);
  });

  it("is for signed-in staff only", async () => {
    const response = await h.call(await routes.group(), "GET", "/api/groups/hiking-club/messages", { params: { guid: "hiking-club" }, query: { around: "1" } });
    expect(response.status).toBe(401);
  });
});

describe("GET /api/users/{uid}/messages?with=&around=", () => {
  it("answers the two users' conversation around a direct message", async () => {
    const item = items.find((i) => i.receiverType === "user" && i.content.kind === "text");
    if (!item) throw new Error("the seed has flagged direct messages");
    const uid = item.receiverUid;
    const response = await h.call(await routes.user(), "GET", `/api/users/${uid}/messages`, { params: { uid }, query: { with: item.senderUid, around: item.id }, cookie: moderator });
    expect(response.status).toBe(200);
    const { before, after } = conversationContextSchema.parse(await response.json()).data;
    for (const m of [...before, ...after]) expect([item.senderUid, item.receiverUid]).toContain(m.sender);
  });

  it("reads a conversation whose sender's UID cannot travel in a header as its receiver, and says so when neither can", async () => {
    const sent = await fetch(`${h.emulator.url}/__emulator/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sender: "用户-42", receiver: "ana-souza", text: "a message from a non-Latin UID" }),
    });
    const { data } = (await sent.json()) as { data: { id: string } };
    const response = await h.call(await routes.user(), "GET", "/api/users/ana-souza/messages", {
      params: { uid: "ana-souza" },
      query: { with: "用户-42", around: data.id },
      cookie: moderator,
    });
    expect(response.status).toBe(200);
    const { before } = conversationContextSchema.parse(await response.json()).data;
    expect(before.every((m) => ["用户-42", "ana-souza"].includes(m.sender))).toBe(true);

    const neither = await h.call(await routes.user(), "GET", "/api/users/用户-42/messages", {
      params: { uid: "用户-42" },
      query: { with: "用户-42", around: data.id },
      cookie: moderator,
    });
    expect(neither.status).toBe(400);
    expect(await neither.text()).toMatch(/cannot be read: .* HTTP header/);
  });

  it("refuses a missing or hostile `with`", async () => {
    for (const query of [{ around: "1" }, { around: "1", with: "../apikeys" }] as Record<string, string>[]) {
      const response = await h.call(await routes.user(), "GET", "/api/users/ana-souza/messages", { params: { uid: "ana-souza" }, query, cookie: moderator });
      expect(response.status).toBe(400);
    }
  });
});

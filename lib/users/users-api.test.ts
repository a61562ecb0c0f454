import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responses, type FlaggedMessage } from "@/lib/chat/schemas";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { RECENT_USERS_KEPT, recordUserView } from "./recent-users";
import { recentUsersSchema, userContextSchema } from "./user-schemas";

let h: Harness;
let cookies: Record<"admin" | "moderator", string>;
let flagged: FlaggedMessage[];
const routes = {
  context: () => import("@/app/api/users/[uid]/context/route"),
  recent: () => import("@/app/api/me/recent-users/route"),
  users: () => import("@/app/api/users/route"),
  flagged: () => import("@/app/api/moderation/flagged-messages/route"),
};

async function context(uid: string) {
  const response = await h.call(await routes.context(), "GET", `/api/users/${encodeURIComponent(uid)}/context`, { params: { uid }, cookie: cookies.moderator });
  expect(response.status).toBe(200);
  return userContextSchema.parse(await response.json()).data;
}

async function recent(role: "admin" | "moderator") {
  const response = await h.call(await routes.recent(), "GET", "/api/me/recent-users", { cookie: cookies[role] });
  expect(response.status).toBe(200);
  return recentUsersSchema.parse(await response.json()).data;
}

beforeAll(async () => {
  h = await startHarness();
  cookies = { admin: await h.cookieFor("admin"), moderator: await h.cookieFor("moderator") };
  // Fill the review tables the way the queue does: from the service's flagged list.
  const response = await h.call(await routes.flagged(), "GET", "/api/moderation/flagged-messages", { cookie: cookies.admin });
  flagged = responses.listFlaggedMessages.parse(await response.json()).data;
  const { syncFlaggedMessages } = await import("@/lib/review/server/sync");
  await syncFlaggedMessages(h.db, flagged);
});
afterAll(async () => h.close());

describe("GET /api/users/{uid}/context", () => {
  it("counts the flagged messages a user sent, by review state, newest flag first", async () => {
    const sender = flagged[0]?.sender ?? "";
    const sent = flagged.filter((m) => m.sender === sender);
    const data = await context(sender);
    expect(data.sent.total).toBe(sent.length);
    expect(data.sent.byState).toEqual({ open: sent.length, resolved: 0, dismissed: 0, set_aside: 0 });
    expect(new Set(data.sent.items.map((i) => i.id))).toEqual(new Set(sent.map((m) => m.id)));
    const times = data.sent.items.map((i) => i.lastFlaggedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("lists the flags a user raised, with the flagged message's sender", async () => {
    const flagger = flagged[0]?.flaggedBy[0]?.uid ?? "";
    const raised = flagged.flatMap((m) => m.flaggedBy.filter((f) => f.uid === flagger).map((f) => ({ m, f })));
    const data = await context(flagger);
    expect(data.raised.total).toBe(raised.length);
    expect(data.raised.items.map((i) => [i.messageId, i.senderUid]).sort()).toEqual(raised.map(({ m }) => [m.id, m.sender]).sort());
  });

  it("is empty, not an error, for a user the queue has never seen", async () => {
    const data = await context("用户 never-flagged");
    expect(data).toMatchObject({ uid: "用户 never-flagged", deactivation: null, sent: { total: 0, items: [] }, raised: { total: 0, items: [] } });
  });

  it("says when the dashboard deactivated a user and which staff member did it", async () => {
    const response = await h.call(await routes.users(), "DELETE", "/api/users", { cookie: cookies.admin, headers: { origin: APP_URL }, body: { uidsToDeactivate: ["kenji-watanabe"] } });
    expect(response.status).toBe(200);
    const data = await context("kenji-watanabe");
    expect(data.deactivation).toMatchObject({ byEmail: "admin@test.example" });
    expect(Math.abs((data.deactivation?.at ?? 0) - Date.now() / 1000)).toBeLessThan(60);
  });
});

describe("GET /api/me/recent-users", () => {
  it("lists the users each staff member opened, newest first, keeping only the latest few", async () => {
    for (let i = 0; i < RECENT_USERS_KEPT + 3; i++) await recordUserView(h.db, h.staffIds.admin, `user-${i}`, `User ${i}`);
    await recordUserView(h.db, h.staffIds.admin, "user-5", "User Five");
    const list = await recent("admin");
    expect(list).toHaveLength(RECENT_USERS_KEPT);
    expect(list[0]).toMatchObject({ uid: "user-5", name: "User Five" });
    expect(list.map((u) => u.uid)).not.toContain("user-0");
    expect(await recent("moderator")).toEqual([]);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";

let h: Harness;
let admin: string;
const routes = {
  users: () => import("@/app/api/users/route"),
  user: () => import("@/app/api/users/[uid]/route"),
  friends: () => import("@/app/api/users/[uid]/friends/route"),
  token: () => import("@/app/api/users/[uid]/auth_tokens/[authToken]/route"),
  pin: () => import("@/app/api/messages/[id]/pin/route"),
  apikeys: () => import("@/app/api/apikeys/route"),
  flagged: () => import("@/app/api/moderation/flagged-messages/route"),
};

beforeAll(async () => {
  h = await startHarness();
  admin = await h.cookieFor("admin");
});
afterAll(async () => h.close());
beforeEach(async () => {
  await fetch(`${h.emulator.url}/__emulator/reset`, { method: "POST" });
});

describe("input is validated before any upstream call", () => {
  const bad: [string, () => Promise<Response>, RegExp][] = [
    ["a DELETE without uidsToDeactivate", async () => h.call(await routes.users(), "DELETE", "/api/users", { cookie: admin, body: {} }), /body\.uidsToDeactivate/],
    ["UIDs of the wrong type", async () => h.call(await routes.users(), "DELETE", "/api/users", { cookie: admin, body: { uidsToDeactivate: [1, 2] } }), /uidsToDeactivate\.0/],
    ["an extra field", async () => h.call(await routes.users(), "DELETE", "/api/users", { cookie: admin, body: { uidsToDeactivate: ["a"], drop: true } }), /drop/],
    ["too many UIDs", async () => h.call(await routes.users(), "DELETE", "/api/users", { cookie: admin, body: { uidsToDeactivate: Array.from({ length: 101 }, (_, i) => `u${i}`) } }), /at most 100/],
    ["a body that is not JSON", async () => h.call(await routes.users(), "DELETE", "/api/users", { cookie: admin, rawBody: "{nope", headers: { "content-type": "application/json" } }), /not valid JSON/],
    ["invalid UTF-8", async () => h.call(await routes.users(), "DELETE", "/api/users", { cookie: admin, rawBody: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), headers: { "content-type": "application/json" } }), /UTF-8/],
    ["a '..' UID", async () => h.call(await routes.user(), "GET", "/api/users/..", { cookie: admin, params: { uid: ".." } }), /path\.uid/],
    ["a UID with a control character", async () => h.call(await routes.user(), "GET", "/api/users/x", { cookie: admin, params: { uid: "a\u0000b" } }), /control characters/],
    ["a huge UID", async () => h.call(await routes.user(), "GET", "/api/users/x", { cookie: admin, params: { uid: "x".repeat(5000) } }), /longer than 100/],
    ["friends without accepted", async () => h.call(await routes.friends(), "POST", "/api/users/ana-souza/friends", { cookie: admin, params: { uid: "ana-souza" }, body: { addToConversations: "yes" } }), /body\.accepted/],
    ["an empty token update", async () => h.call(await routes.token(), "PUT", "/api/users/a/auth_tokens/t", { cookie: admin, params: { uid: "a", authToken: "t" }, body: {} }), /at least one/],
    ["appInfo that is not an object", async () => h.call(await routes.token(), "PUT", "/api/users/a/auth_tokens/t", { cookie: admin, params: { uid: "a", authToken: "t" }, body: { appInfo: "x" } }), /appInfo/],
    ["an unknown scope", async () => h.call(await routes.apikeys(), "GET", "/api/apikeys", { cookie: admin, query: { scope: "root" } }), /query\.scope/],
    ["an onBehalfOf header with control characters", async () => h.call(await routes.pin(), "POST", "/api/messages/1/pin", { cookie: admin, params: { id: "1" }, headers: { onBehalfOf: "a\tb" } }), /onBehalfOf/],
  ];
  for (const [name, send, message] of bad) {
    it(`refuses ${name} with 400 naming the field`, async () => {
      const before = await h.upstreamRequests();
      const response = await send();
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("ERR_BAD_REQUEST");
      expect(body.error.message).toMatch(message);
      expect(await h.upstreamRequests()).toBe(before);
    });
  }

  it("refuses an oversized body with 413", async () => {
    const response = await h.call(await routes.users(), "DELETE", "/api/users", { cookie: admin, body: { uidsToDeactivate: ["x".repeat(70_000)] } });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "ERR_PAYLOAD_TOO_LARGE" } });
  });

  it("refuses a body that is not declared as JSON with 415", async () => {
    const response = await h.call(await routes.users(), "DELETE", "/api/users", { cookie: admin, rawBody: '{"uidsToDeactivate":["a"]}', headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(415);
  });
});

describe("responses", () => {
  it("keeps the upstream { data, meta } shape", async () => {
    const response = await h.call(await routes.flagged(), "GET", "/api/moderation/flagged-messages", { cookie: admin });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: unknown[]; meta: { current: { limit: number; count: number } } };
    expect(body.meta.current.count).toBe(body.data.length);
  });

  it("passes an upstream 404 through with its code", async () => {
    const response = await h.call(await routes.user(), "GET", "/api/users/nobody", { cookie: admin, params: { uid: "nobody" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "ERR_UID_NOT_FOUND" } });
  });

  it("passes the pin limit error through, with the service's own limit in its message", async () => {
    await fetch(`${h.emulator.url}/__emulator/settings`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ pinLimit: 5 }) });
    const { data } = (await (await h.call(await routes.flagged(), "GET", "/api/moderation/flagged-messages", { cookie: admin })).json()) as {
      data: { id: string; conversationId: string }[];
    };
    const counts = new Map<string, string[]>();
    for (const m of data) counts.set(m.conversationId, [...(counts.get(m.conversationId) ?? []), m.id]);
    const ids = [...counts.values()].find((list) => list.length >= 6);
    if (!ids) throw new Error("the seed has a conversation with six flagged messages");
    const pin = await routes.pin();
    for (const id of ids.slice(0, 5)) expect((await h.call(pin, "POST", `/api/messages/${id}/pin`, { cookie: admin, params: { id }, headers: { origin: APP_URL } })).status).toBe(200);
    const sixth = await h.call(pin, "POST", "/api/messages/x/pin", { cookie: admin, params: { id: ids[5] ?? "" }, headers: { origin: APP_URL } });
    expect(sixth.status).toBe(400);
    expect(await sixth.json()).toMatchObject({ error: { code: "ERR_PINNED_MESSAGES_LIMIT_EXCEEDED", message: expect.stringContaining("limit of 5 pinned messages") } });
  });

  it("maps an unreachable service to 502 and a hang to 504, always JSON", async () => {
    await fetch(`${h.emulator.url}/__emulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "hang", count: 1 }) });
    const timeout = await h.call(await routes.user(), "GET", "/api/users/ana-souza", { cookie: admin, params: { uid: "ana-souza" } });
    expect(timeout.status).toBe(504);
    expect(await timeout.json()).toMatchObject({ error: { code: "ERR_UPSTREAM_TIMEOUT" } });
    await fetch(`${h.emulator.url}/__emulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "malformed", count: 3 }) });
    const garbage = await h.call(await routes.user(), "GET", "/api/users/ana-souza", { cookie: admin, params: { uid: "ana-souza" } });
    expect(garbage.status).toBe(502);
    expect(await garbage.json()).toMatchObject({ error: { code: "ERR_UPSTREAM_BAD_RESPONSE" } });
  });

  it("never returns a key's full value, and marks the dashboard's own key", async () => {
    const response = await h.call(await routes.apikeys(), "GET", "/api/apikeys", { cookie: admin });
    const text = await response.text();
    expect(text).not.toContain(EMULATOR_DEMO_API_KEY);
    const body = JSON.parse(text) as { data: { apiKey: string; usedByDashboard: boolean }[] };
    expect(body.data.every((k) => /^.{4}….{4}$/.test(k.apiKey))).toBe(true);
    expect(body.data.filter((k) => k.usedByDashboard)).toHaveLength(1);
  });

  it("searches key names on the dashboard side without sending a keyword upstream", async () => {
    const response = await h.call(await routes.apikeys(), "GET", "/api/apikeys", { cookie: admin, query: { search: "auth only" } });
    const body = (await response.json()) as { data: { name: string }[] };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((k) => k.name.toLowerCase().includes("auth only"))).toBe(true);
  });
});

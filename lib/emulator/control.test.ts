import { afterEach, describe, expect, it, vi } from "vitest";
import { EMULATOR_DEMO_API_KEY } from "./keys";
import { startEmulator } from "./server";
import { setupEmulator, type ErrorBody, type FlaggedList, type WireMessage, type WireUser } from "./setup-emulator";

const { api, control, emulator } = setupEmulator();
type Stats = { requests: { total: number; byRoute: Record<string, number> } };
const stats = () => control<Stats>("stats", undefined, "GET");
const getUser = () => api<{ data: WireUser } & ErrorBody>("GET", "/users/ana-souza");

/**
 * Resolves once the emulator at `url` has taken `count` /v3 requests: it counts a request before
 * any fault delays or drops it, so what a fault does to it has been decided by then.
 */
async function taken(url: string, count = 1): Promise<void> {
  const total = async () => ((await (await fetch(`${url}/__emulator/stats`)).json()) as Stats).requests.total;
  while ((await total()) < count);
}

describe("reset", () => {
  it("restores the seed, and clears faults, counters and settings", async () => {
    await api("DELETE", "/users", { body: { uidsToDeactivate: ["ana-souza"] } });
    await api("POST", "/messages/10001/pin");
    await control("users/ana-souza", { name: "Changed" }, "PATCH");
    await control("settings", { pinningEnabled: false, flaggedLimit: 7 });
    await control("faults", { kind: "status500", route: "GET /apikeys" });
    expect(await control("reset")).toEqual({ ok: true });
    expect((await getUser()).body.data.name).toBe("Ana Souza");
    expect((await api<{ data: { deactivatedUids: string[] } }>("DELETE", "/users", { body: { uidsToDeactivate: ["ana-souza"] } })).body.data.deactivatedUids).toEqual(["ana-souza"]);
    const pinned = await api<{ data: WireMessage }>("POST", "/messages/10001/pin");
    expect(pinned.status).toBe(200);
    expect((await api("GET", "/apikeys")).status).toBe(200);
    expect((await api<FlaggedList>("GET", "/moderation/flagged-messages")).body.meta.current.limit).toBe(50);
    expect((await stats()).requests.total).toBe(5);
  });

  it("never hands out a message id again: what a client stored before the reset keeps its id", async () => {
    const message = { sender: "ana-souza", receiver: "kenji-watanabe", text: "before" };
    const before = (await control<{ data: WireMessage }>("messages", message)).data.id;
    await control("reset");
    const after = (await control<{ data: WireMessage }>("messages", { ...message, text: "after" })).data.id;
    expect(Number(after)).toBeGreaterThan(Number(before));
  });
});

describe("stats", () => {
  it("counts /v3 requests by route pattern, including refused and unknown ones, and resets", async () => {
    await getUser();
    await api("GET", "/users/kenji-watanabe", { key: null });
    await api("GET", "/moderation/flagged-messages");
    await api("GET", "/nope");
    await control("settings", { pinningEnabled: true });
    expect(await stats()).toEqual({ requests: { total: 4, byRoute: { "GET /users/:uid": 2, "GET /moderation/flagged-messages": 1, unknown: 1 } } });
    expect(await control("stats/reset")).toEqual({ ok: true });
    expect(await stats()).toEqual({ requests: { total: 0, byRoute: {} } });
  });

  it("counts faulted requests", async () => {
    await control("faults", { kind: "status500", count: 1 });
    await getUser();
    expect((await stats()).requests.byRoute["GET /users/:uid"]).toBe(1);
  });
});

describe("faults", () => {
  afterEach(() => vi.useRealTimers());

  it("latency delays, then answers normally", async () => {
    await control("faults", { kind: "latency", latencyMs: 300, count: 1 });
    // The emulator runs in this process: its delay is a fake timer the test moves.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let answered = false;
    const reply = getUser().finally(() => (answered = true));
    await taken(emulator().url);
    await vi.advanceTimersByTimeAsync(299);
    // One more round trip: an answer sent without the delay would have arrived by its end.
    await stats();
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await reply).body.data.uid).toBe("ana-souza");
    // The fault is used up: the next answer comes without the clock moving.
    expect((await getUser()).status).toBe(200);
  });

  it("status500 and status503 answer with an error body", async () => {
    await control("faults", { kind: "status500", count: 1 });
    await control("faults", { kind: "status503", count: 1 });
    const first = await getUser();
    expect(first.status).toBe(500);
    expect(first.body.error.code).toBe("ERR_INTERNAL_SERVER_ERROR");
    const second = await getUser();
    expect(second.status).toBe(503);
    expect(second.body.error.code).toBe("ERR_SERVICE_UNAVAILABLE");
    expect((await getUser()).status).toBe(200);
  });

  it("status429 answers ERR_TOO_MANY_REQUESTS with Retry-After (default 2)", async () => {
    await control("faults", { kind: "status429", count: 1, retryAfterSeconds: 7 });
    await control("faults", { kind: "status429", count: 1 });
    const first = await getUser();
    expect(first.status).toBe(429);
    expect(first.body.error.code).toBe("ERR_TOO_MANY_REQUESTS");
    expect(first.headers.get("retry-after")).toBe("7");
    expect((await getUser()).headers.get("retry-after")).toBe("2");
  });

  it("refusal answers the real error envelope: its status, code, message and per-field details (default 400 ERR_BAD_REQUEST)", async () => {
    await control("faults", { kind: "refusal", count: 1, details: { platform: ["The platform must be a string."] } });
    await control("faults", { kind: "refusal", count: 1, status: 404, code: "ERR_MESSAGE_ID_NOT_FOUND", message: "No such message." });
    const first = await getUser();
    expect(first.status).toBe(400);
    expect(first.body.error).toMatchObject({
      code: "ERR_BAD_REQUEST",
      message: "Failed to validate the data sent with the request.",
      devMessage: expect.any(String),
      source: "chat-api",
      details: { platform: ["The platform must be a string."] },
    });
    const second = await getUser();
    expect(second.status).toBe(404);
    expect(second.body.error).toMatchObject({ code: "ERR_MESSAGE_ID_NOT_FOUND", message: "No such message." });
    expect(second.body.error).not.toHaveProperty("details");
    expect((await getUser()).status).toBe(200);
  });

  it("malformed answers 200 with a body that is not JSON", async () => {
    await control("faults", { kind: "malformed", count: 1 });
    const reply = await getUser();
    expect(reply.status).toBe(200);
    expect(reply.text).toBe("<html>oops");
    expect(reply.body).toBeUndefined();
  });

  it("wrongShape answers 200 with JSON of the wrong shape", async () => {
    await control("faults", { kind: "wrongShape", count: 1 });
    const reply = await getUser();
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: "nope" });
  });

  it("reset destroys the connection without an answer", async () => {
    await control("faults", { kind: "reset", count: 1 });
    await expect(getUser()).rejects.toThrow();
    expect((await getUser()).status).toBe(200);
  });

  it("hang never answers", async () => {
    await control("faults", { kind: "hang", count: 1 });
    const giveUp = new AbortController();
    let answered = false;
    const hung = fetch(`${emulator().baseUrl}/users/ana-souza`, { headers: { apikey: EMULATOR_DEMO_API_KEY }, signal: giveUp.signal }).finally(() => (answered = true));
    await taken(emulator().url);
    // The next request is answered while the hung one, taken before it, still waits.
    expect((await getUser()).status).toBe(200);
    expect(answered).toBe(false);
    giveUp.abort();
    await expect(hung).rejects.toThrow(/abort/i);
  });

  it("applies before auth, only to the named route, for count requests", async () => {
    await control("faults", { kind: "status503", route: "GET /users/:uid", count: 2 });
    expect((await api("GET", "/apikeys")).status).toBe(200);
    expect((await api("GET", "/users/ana-souza", { key: null })).status).toBe(503);
    expect((await getUser()).status).toBe(503);
    expect((await getUser()).status).toBe(200);
  });

  it("applies for durationMs, then stops", async () => {
    // The fault table reads Date.now(): a fake clock moves past the duration without waiting.
    vi.useFakeTimers({ toFake: ["Date"] });
    await control("faults", { kind: "status500", durationMs: 200 });
    expect((await getUser()).status).toBe(500);
    vi.advanceTimersByTime(199);
    expect((await getUser()).status).toBe(500);
    vi.advanceTimersByTime(1);
    expect((await getUser()).status).toBe(200);
  });

  it("applies until cleared without count or duration", async () => {
    await control("faults", { kind: "status500" });
    for (let i = 0; i < 3; i++) expect((await getUser()).status).toBe(500);
    expect(await control("faults", undefined, "DELETE")).toEqual({ ok: true });
    expect((await getUser()).status).toBe(200);
  });

  it("refuses an unknown kind or route with 400", async () => {
    for (const body of [{ kind: "explode" }, { kind: "status500", route: "GET /users/:id" }, { kind: "latency", latencyMs: -1 }]) {
      const response = await fetch(`${emulator().url}/__emulator/faults`, { method: "POST", body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe("ERR_BAD_REQUEST");
    }
  });

  it("does not touch the control routes", async () => {
    await control("faults", { kind: "status500" });
    expect((await stats()).requests.total).toBe(0);
  });

  it("close() ends a hanging request", async () => {
    const own = await startEmulator({ port: 0 });
    await fetch(`${own.url}/__emulator/faults`, { method: "POST", body: JSON.stringify({ kind: "hang" }) });
    const pending = fetch(`${own.baseUrl}/users/ana-souza`, { headers: { apikey: EMULATOR_DEMO_API_KEY } }).then(
      () => "answered",
      () => "failed",
    );
    await taken(own.url);
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBe("failed");
  });
});

describe("content for tests", () => {
  it("adds synthetic flagged messages, still listing 50 by default", async () => {
    expect(await control("seed/flagged-messages", { count: 500 })).toEqual({ ok: true, added: 500 });
    const list = (await api<FlaggedList>("GET", "/moderation/flagged-messages")).body;
    expect(list.meta.current).toEqual({ limit: 50, count: 50 });
    await control("settings", { flaggedLimit: 10_000 });
    const all = (await api<FlaggedList>("GET", "/moderation/flagged-messages")).body;
    expect(all.data.length).toBeGreaterThanOrEqual(560);
    for (const message of all.data) {
      expect(message.flaggedCount).toBeGreaterThanOrEqual(1);
      expect(message.flaggedCount).toBeLessThanOrEqual(6);
      const group = message.receiverType === "group";
      expect(message.conversationId).toBe(group ? `group_${message.receiver}` : `${message.sender}_user_${message.receiver}`);
    }
  });

  it("sends the asked share of synthetic flagged messages in the seeded groups, the newest flag first", async () => {
    await control("settings", { flaggedLimit: 10_000 });
    const before = (await api<FlaggedList>("GET", "/moderation/flagged-messages")).body.data.length;
    expect(await control("seed/flagged-messages", { count: 2000, groupShare: 0.3 })).toEqual({ ok: true, added: 2000 });
    const list = (await api<FlaggedList>("GET", "/moderation/flagged-messages")).body.data;
    expect(list.length).toBe(before + 2000);
    const inGroups = list.filter((message) => message.receiverType === "group" && message.conversationId === `group_${message.receiver}`);
    expect(inGroups.length).toBeGreaterThan(400);
    expect(new Set(inGroups.map((message) => message.receiver)).size).toBe(3);
    const latest = list.map((message) => Math.max(...message.flaggedBy.map((flag) => flag.flaggedAt)));
    expect(latest).toEqual([...latest].sort((a, b) => b - a));
    // A reviewed message leaves the list; the others keep their order.
    const [first, second] = list;
    expect((await api("PATCH", `/moderation/flagged-messages/${first?.id}`, { body: { status: "approved" } })).status).toBe(200);
    expect((await api<FlaggedList>("GET", "/moderation/flagged-messages")).body.data[0]?.id).toBe(second?.id);
  });

  it("refuses more than 10000 synthetic messages at once", async () => {
    const response = await fetch(`${emulator().url}/__emulator/seed/flagged-messages`, { method: "POST", body: JSON.stringify({ count: 10_001 }) });
    expect(response.status).toBe(400);
  });

  it("creates a message, unpinned and without pin keys", async () => {
    const created = await control<{ data: WireMessage }>("messages", { sender: "mallory", receiver: "ana-souza", text: "<script>alert(2)</script>" });
    expect(created.data).toMatchObject({ sender: "mallory", receiver: "ana-souza", conversationId: "mallory_user_ana-souza", data: { text: "<script>alert(2)</script>" } });
    expect(created.data.id).toMatch(/^\d+$/);
    expect("pinnedBy" in created.data || "pinnedAt" in created.data).toBe(false);
    const pinned = await api<{ data: WireMessage }>("POST", `/messages/${created.data.id}/pin`);
    expect(pinned.body.data.data.text).toBe("<script>alert(2)</script>");
  });

  it("refuses a message from an unknown sender", async () => {
    const response = await fetch(`${emulator().url}/__emulator/messages`, { method: "POST", body: JSON.stringify({ sender: "ghost", receiver: "ana-souza", text: "x" }) });
    expect(response.status).toBe(404);
  });

  it("patches a user, and messages show the new details", async () => {
    const patched = await control<{ data: WireUser }>("users/ana-souza", { name: "<b>Ana</b>", link: "javascript:alert(3)", tags: ["x"], role: "restricted" }, "PATCH");
    expect(patched.data).toMatchObject({ uid: "ana-souza", name: "<b>Ana</b>", link: "javascript:alert(3)", tags: ["x"], role: "restricted" });
    expect((await getUser()).body.data.name).toBe("<b>Ana</b>");
    const pin = await api<ErrorBody>("POST", "/messages/10001/pin", { headers: { onBehalfOf: "ana-souza" } });
    expect(pin.body.error.message).toMatch(/role "restricted"/);
  });

  it("patches a uid that needs encoding", async () => {
    const patched = await control<{ data: WireUser }>(`users/${encodeURIComponent("用户-42")}`, { name: "新名字" }, "PATCH");
    expect(patched.data.uid).toBe("用户-42");
  });
});

describe("start options", () => {
  it("starts with pinning off when asked, and reset keeps it off", async () => {
    const own = await startEmulator({ port: 0, pinningEnabled: false });
    try {
      const pin = () => fetch(`${own.baseUrl}/messages/10001/pin`, { method: "POST", headers: { apikey: EMULATOR_DEMO_API_KEY } });
      expect((await pin()).status).toBe(403);
      await fetch(`${own.url}/__emulator/reset`, { method: "POST" });
      expect((await pin()).status).toBe(403);
      expect(own.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(own.baseUrl).toBe(`${own.url}/v3`);
    } finally {
      await own.close();
    }
  });

  it("uses the injected clock for new timestamps", async () => {
    const own = await startEmulator({ port: 0, now: () => 1_234_567_890 });
    try {
      const reply = (await (await fetch(`${own.baseUrl}/messages/10001/pin`, { method: "POST", headers: { apikey: EMULATOR_DEMO_API_KEY } })).json()) as { data: WireMessage };
      expect(reply.data.pinnedAt).toBe(1_234_567_890);
      expect(reply.data.sentAt).toBeLessThan(1_234_567_890);
    } finally {
      await own.close();
    }
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { FLAG_REASONS } from "./reasons";
import { startEmulator } from "./server";
import { EMULATOR_DEMO_API_KEY } from "./keys";
import { setupEmulator, type ErrorBody, type FlaggedList, type WireFlagged } from "./setup-emulator";

const { api, control } = setupEmulator();
const listFlagged = async () => (await api<FlaggedList>("GET", "/moderation/flagged-messages")).body;
const latest = (m: WireFlagged) => Math.max(...m.flaggedBy.map((f) => f.flaggedAt));
const isSeconds = (value: unknown) => typeof value === "number" && Number.isInteger(value) && value > 1e9 && value < 1e11;

/** The contract's own kind: a text message to a user (the real service's other kinds are tested below). */
const isDirectText = (m: WireFlagged) => m.receiverType === "user" && m.category === "message" && m.type === "text";

const FLAGGED_KEYS = ["id", "conversationId", "sender", "receiverType", "receiver", "category", "type", "data", "sentAt", "updatedAt", "appId", "flaggedBy", "flaggedCount"];

describe("list flagged messages", () => {
  it("returns at most 50 items with meta.current { limit: 50, count: items returned }", async () => {
    const { data, meta } = await listFlagged();
    expect(data).toHaveLength(50);
    expect(meta).toEqual({ current: { limit: 50, count: 50 } });
  });

  it("answers pages with meta.pagination when paging is turned on, and the pages hold the list once, in order", async () => {
    await control("settings", { flaggedLimit: 1000 });
    const whole = (await listFlagged()).data.map((m) => m.id);
    await control("settings", { flaggedLimit: 20, flaggedPaging: true });
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const { data, meta } = (await api<FlaggedList & { meta: { pagination: { current_page: number; total_pages: number; total: number } } }>("GET", `/moderation/flagged-messages?page=${page}`)).body;
      expect(meta.pagination).toMatchObject({ current_page: page, total: whole.length, total_pages: Math.ceil(whole.length / 20) });
      ids.push(...data.map((m) => m.id));
      if (page >= meta.pagination.total_pages) break;
    }
    expect(ids).toEqual(whole);
    await control("settings", { flaggedPaging: false });
    expect((await listFlagged()).meta).toEqual({ current: { limit: 20, count: 20 } });
  });

  it("orders by newest flag first, then id", async () => {
    const { data } = await listFlagged();
    for (let i = 1; i < data.length; i++) {
      const [a, b] = [data[i - 1], data[i]];
      if (!a || !b) continue;
      expect(latest(a)).toBeGreaterThanOrEqual(latest(b));
      if (latest(a) === latest(b)) expect(Number(a.id)).toBeGreaterThan(Number(b.id));
    }
  });

  it("has all message fields except pin and save fields, plus appId, flaggedBy and flaggedCount", async () => {
    const data = (await listFlagged()).data.filter(isDirectText);
    expect(data.length).toBeGreaterThan(30);
    for (const message of data) {
      expect(Object.keys(message)).toEqual(FLAGGED_KEYS);
      expect(message.appId).toBe("demo-app");
      expect(message.flaggedCount).toBe(message.flaggedBy.length);
      expect(message.flaggedCount).toBeGreaterThanOrEqual(1);
      expect(message).toMatchObject({ receiverType: "user", category: "message", type: "text" });
      expect(typeof message.id).toBe("string");
      expect(message.conversationId).toBe(`${message.sender}_user_${message.receiver}`);
      expect(message.data.entities.sender.entity.uid).toBe(message.sender);
      expect(message.data.entities.receiver.entity.uid).toBe(message.receiver);
      for (const side of [message.data.entities.sender, message.data.entities.receiver]) {
        expect(side.entityType).toBe("user");
        expect(Object.keys(side.entity)).toEqual(["uid", "name", "role", "avatar", "status", "createdAt", "conversationId", "lastActiveAt", "updatedAt"]);
        expect(side.entity.conversationId).toBe(message.conversationId);
      }
      for (const flag of message.flaggedBy) {
        expect(Object.keys(flag)).toEqual(["uid", "name", "avatar", "role", "reasonId", "reasonName", "description", "remark", "flaggedAt"]);
        const reason = FLAG_REASONS[flag.reasonId as keyof typeof FLAG_REASONS];
        expect(flag).toMatchObject({ reasonName: reason.name, description: reason.description });
        expect(flag.uid).not.toBe(message.sender);
      }
      const times = message.flaggedBy.map((f) => f.flaggedAt);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it("gives every timestamp as integer seconds", async () => {
    const { data } = await listFlagged();
    for (const message of data) {
      expect(isSeconds(message.sentAt) && isSeconds(message.updatedAt)).toBe(true);
      for (const side of [message.data.entities.sender, message.data.entities.receiver]) {
        if (side.entityType === "group") expect(isSeconds(side.entity.createdAt)).toBe(true);
        else expect(isSeconds(side.entity.createdAt) && isSeconds(side.entity.lastActiveAt) && isSeconds(side.entity.updatedAt)).toBe(true);
      }
      for (const flag of message.flaggedBy) expect(isSeconds(flag.flaggedAt)).toBe(true);
    }
  });

  it("never shows pinnedBy, pinnedAt or savedAt, even after a pin", async () => {
    const { data } = await listFlagged();
    const target = data[0]?.id ?? "";
    expect((await api("POST", `/messages/${target}/pin`)).status).toBe(200);
    const after = await api<FlaggedList>("GET", "/moderation/flagged-messages");
    expect(after.body.data.find((m) => m.id === target)).toBeDefined();
    expect(after.text).not.toMatch(/pinnedBy|pinnedAt|savedAt/);
  });

  it("has a conversation with at least 6 flagged messages on the first page", async () => {
    const { data } = await listFlagged();
    const counts = new Map<string, number>();
    for (const m of data) counts.set(m.conversationId, (counts.get(m.conversationId) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeGreaterThanOrEqual(6);
  });

  it("lets a performance test raise the limit", async () => {
    await control("settings", { flaggedLimit: 1000 });
    const { data, meta } = await listFlagged();
    expect(data.length).toBeGreaterThan(50);
    expect(meta.current).toEqual({ limit: 1000, count: data.length });
  });
});

describe("flag a message", () => {
  const flag = (id: string, body: unknown, onBehalfOf?: string) =>
    api<{ data: { success: boolean } } & ErrorBody>("POST", `/messages/${id}/flagged`, { body, headers: onBehalfOf ? { onBehalfOf } : {} });

  it("adds a flag by the acting user and puts the message first in the queue", async () => {
    const { data: before } = await listFlagged();
    const unflagged = "10001";
    expect(before.some((m) => m.id === unflagged)).toBe(false);
    const reply = await flag(unflagged, { reasonId: "harassment", remark: "rude" }, "kenji-watanabe");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { success: true } });
    const { data } = await listFlagged();
    expect(data[0]?.id).toBe(unflagged);
    expect(data[0]?.flaggedCount).toBe(1);
    expect(data[0]?.flaggedBy[0]).toMatchObject({ uid: "kenji-watanabe", name: "Kenji Watanabe", role: "vip", reasonId: "harassment", reasonName: "Harassment", remark: "rude" });
  });

  it("appends to an already flagged message, remark defaulting to an empty string", async () => {
    const { data } = await listFlagged();
    const target = data[data.length - 1];
    const flagger = ["ana-souza", "kenji-watanabe", "wei-zhang"].find((uid) => uid !== target?.sender && !target?.flaggedBy.some((f) => f.uid === uid)) ?? "";
    expect((await flag(target?.id ?? "", { reasonId: "spam" }, flagger)).status).toBe(200);
    const updated = (await listFlagged()).data[0];
    expect(updated?.id).toBe(target?.id);
    expect(updated?.flaggedCount).toBe((target?.flaggedCount ?? 0) + 1);
    expect(updated?.flaggedBy.at(-1)).toMatchObject({ uid: flagger, remark: "" });
  });

  it("refuses a second flag by the same user with 400 ERR_ALREADY_FLAGGED", async () => {
    expect((await flag("10001", { reasonId: "spam" }, "ana-souza")).status).toBe(200);
    const again = await flag("10001", { reasonId: "other" }, "ana-souza");
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("ERR_ALREADY_FLAGGED");
  });

  it("requires a known onBehalfOf user and a known message", async () => {
    const missing = await flag("10001", { reasonId: "spam" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("ERR_BAD_REQUEST");
    expect(missing.body.error.message).toMatch(/onBehalfOf/);
    const unknown = await flag("10001", { reasonId: "spam" }, "nobody-here");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("ERR_UID_NOT_FOUND");
    const noMessage = await flag("999999", { reasonId: "spam" }, "ana-souza");
    expect(noMessage.status).toBe(404);
    expect(noMessage.body.error.code).toBe("ERR_MESSAGE_ID_NOT_FOUND");
  });
});

describe("auto-flagging", () => {
  const totalFlags = (list: FlaggedList) => list.data.reduce((sum, m) => sum + m.flaggedCount, 0);
  // The emulator runs in this process, so faking setInterval drives its auto-flag timer; the
  // HTTP calls around it use no interval and go on in real time.
  const fakeIntervals = () => vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  afterEach(() => vi.useRealTimers());

  it("adds flags on its own at the interval set through settings, and stops when set to 0", async () => {
    await control("settings", { flaggedLimit: 10_000 });
    const before = totalFlags(await listFlagged());
    fakeIntervals();
    await control("settings", { autoFlagIntervalMs: 20 });
    vi.advanceTimersByTime(300);
    await control("settings", { autoFlagIntervalMs: 0 });
    const stopped = totalFlags(await listFlagged());
    expect(stopped).toBe(before + 300 / 20);
    vi.advanceTimersByTime(100);
    expect(totalFlags(await listFlagged())).toBe(stopped);
  });

  it("runs from the start option, with a valid flagger each time", async () => {
    fakeIntervals();
    const emulator = await startEmulator({ port: 0, autoFlagIntervalMs: 15 });
    try {
      const read = async () =>
        (await (await fetch(`${emulator.baseUrl}/moderation/flagged-messages`, { headers: { apikey: EMULATOR_DEMO_API_KEY } })).json()) as FlaggedList;
      await fetch(`${emulator.url}/__emulator/settings`, { method: "POST", body: JSON.stringify({ flaggedLimit: 10_000 }) });
      const before = totalFlags(await read());
      vi.advanceTimersByTime(250);
      const after = await read();
      expect(totalFlags(after)).toBe(before + Math.floor(250 / 15));
      for (const message of after.data) {
        const flaggers = message.flaggedBy.map((f) => f.uid);
        expect(new Set(flaggers).size).toBe(flaggers.length);
        expect(flaggers).not.toContain(message.sender);
      }
    } finally {
      await emulator.close();
    }
  });
});

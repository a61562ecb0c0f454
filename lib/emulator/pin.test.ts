import { beforeEach, describe, expect, it } from "vitest";
import { createSeed } from "./seed";
import { setupEmulator, type ErrorBody, type FlaggedList, type WireMessage } from "./setup-emulator";

const CLOCK = 1_760_000_000;
let clock = CLOCK;
const { api, control } = setupEmulator({ now: () => clock });
beforeEach(() => {
  clock = CLOCK;
});

const seed = createSeed(CLOCK);
const messages = [...seed.messages.values()];
const restricted = [...seed.users.values()].find((u) => u.role === "restricted" && u.uid !== "mallory");
const moderator = [...seed.users.values()].find((u) => u.role === "moderator");

/** The ids of one conversation with at least `n` messages. */
function conversationWith(n: number): string[] {
  const byConversation = new Map<string, string[]>();
  for (const m of messages) byConversation.set(m.conversationId, [...(byConversation.get(m.conversationId) ?? []), m.id]);
  const ids = [...byConversation.values()].find((list) => list.length >= n);
  if (!ids) throw new Error(`the seed has a conversation with ${n} messages`);
  return ids;
}

const pin = (id: string, onBehalfOf?: string) => api<{ data: WireMessage } & ErrorBody>("POST", `/messages/${encodeURIComponent(id)}/pin`, { headers: onBehalfOf ? { onBehalfOf } : {} });

describe("pin message", () => {
  it("pins as the app: pinnedBy app_system, pinnedAt in seconds", async () => {
    const reply = await pin("10001");
    expect(reply.status).toBe(200);
    expect(reply.body.data.id).toBe("10001");
    expect(reply.body.data.pinnedBy).toBe("app_system");
    expect(reply.body.data.pinnedAt).toBe(CLOCK);
    expect(reply.body.data.conversationId).toBe(`${reply.body.data.sender}_user_${reply.body.data.receiver}`);
  });

  it("pins on behalf of a user: pinnedBy is that UID (header name in any case)", async () => {
    const reply = await api<{ data: WireMessage }>("POST", "/messages/10002/pin", { headers: { ONBEHALFOF: "kenji-watanabe" } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.pinnedBy).toBe("kenji-watanabe");
    expect(Number.isInteger(reply.body.data.pinnedAt)).toBe(true);
  });

  it("returns a message with every Message field and no savedAt", async () => {
    const { data } = (await pin("10003")).body;
    expect(Object.keys(data)).toEqual(["id", "conversationId", "sender", "receiverType", "receiver", "category", "type", "data", "sentAt", "updatedAt", "pinnedBy", "pinnedAt"]);
    expect(data).toMatchObject({ receiverType: "user", category: "message", type: "text" });
    expect(Object.keys(data.data.entities.sender.entity).sort()).toEqual(["avatar", "conversationId", "createdAt", "name", "role", "status", "uid"]);
    expect(data.data.entities.sender.entityType).toBe("user");
  });

  it("re-pins a pinned message: it succeeds, moves pinnedBy and pinnedAt to the latest pinner, and counts once towards the limit", async () => {
    await control("settings", { pinLimit: 5 });
    const ids = conversationWith(6);
    const first = await pin(ids[0] ?? "", "kenji-watanabe");
    expect(first.body.data).toMatchObject({ pinnedBy: "kenji-watanabe", pinnedAt: CLOCK });
    clock = CLOCK + 60;
    const again = await pin(ids[0] ?? "");
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ pinnedBy: "app_system", pinnedAt: CLOCK + 60 });
    for (const id of ids.slice(1, 5)) expect((await pin(id)).status).toBe(200);
    // At the limit, a pinned message can still be pinned again; a new one cannot.
    expect((await pin(ids[0] ?? "", "kenji-watanabe")).body.data.pinnedBy).toBe("kenji-watanabe");
    expect((await pin(ids[5] ?? "")).status).toBe(400);
  });

  it("allows 100 pins per conversation by default", async () => {
    const settings = await control<{ settings: { pinLimit: number } }>("settings", undefined, "GET");
    expect(settings.settings.pinLimit).toBe(100);
    for (const id of conversationWith(6).slice(0, 6)) expect((await pin(id)).status).toBe(200);
  });

  it("refuses a sixth pin in one conversation, with the limit set to 5, with 400 naming the conversation and the limit", async () => {
    await control("settings", { pinLimit: 5 });
    const ids = conversationWith(6);
    for (const id of ids.slice(0, 5)) expect((await pin(id)).status).toBe(200);
    const sixth = await pin(ids[5] ?? "");
    expect(sixth.status).toBe(400);
    expect(sixth.body.error.code).toBe("ERR_PINNED_MESSAGES_LIMIT_EXCEEDED");
    const conversationId = seed.messages.get(ids[5] ?? "")?.conversationId ?? "";
    expect(sixth.body.error.message).toBe(`The conversation ${conversationId} has reached the limit of 5 pinned messages.`);
    // The limit is per conversation: another one still takes pins.
    const other = messages.find((m) => m.conversationId !== conversationId);
    expect((await pin(other?.id ?? "")).status).toBe(200);
  });

  it("reaches the limit from the flagged queue's busiest conversation", async () => {
    await control("settings", { pinLimit: 5 });
    const { data } = (await api<FlaggedList>("GET", "/moderation/flagged-messages")).body;
    const byConversation = new Map<string, string[]>();
    for (const m of data) byConversation.set(m.conversationId, [...(byConversation.get(m.conversationId) ?? []), m.id]);
    const ids = [...byConversation.values()].find((list) => list.length >= 7) ?? [];
    expect(ids.length).toBeGreaterThanOrEqual(7);
    for (const id of ids.slice(0, 5)) expect((await pin(id)).status).toBe(200);
    expect((await pin(ids[5] ?? "")).status).toBe(400);
  });

  it("refuses with 403 naming action, role app_system and the access control policy when pinning is off", async () => {
    await control("settings", { pinningEnabled: false });
    const reply = await pin("10001");
    expect(reply.status).toBe(403);
    expect(reply.body.error.code).toBe("ERR_PERMISSION_DENIED");
    expect(reply.body.error.message).toBe(
      'Permission denied: the action "pinMessage" is not allowed for role "app_system" by the app\'s access control policy (pinned messages are disabled).',
    );
    const onBehalf = await pin("10001", "kenji-watanabe");
    expect(onBehalf.status).toBe(403);
    expect(onBehalf.body.error.message).toMatch(/"pinMessage".*role "vip".*access control policy/);
    await control("settings", { pinningEnabled: true });
    expect((await pin("10001")).status).toBe(200);
  });

  it("restores the start setting (pinning on) on reset", async () => {
    await control("settings", { pinningEnabled: false });
    await control("reset");
    expect((await pin("10001")).status).toBe(200);
  });

  it("refuses a restricted user acting on behalf with 403 naming the role", async () => {
    const reply = await pin("10001", restricted?.uid);
    expect(reply.status).toBe(403);
    expect(reply.body.error.code).toBe("ERR_PERMISSION_DENIED");
    expect(reply.body.error.message).toBe(
      'Permission denied: the action "pinMessage" is not allowed for role "restricted" by the app\'s access control policy.',
    );
    const message = await pin("10001", moderator?.uid);
    expect(message.body.data.pinnedBy).toBe(moderator?.uid);
  });

  it("answers 404 ERR_MESSAGE_ID_NOT_FOUND for an unknown message and 404 ERR_UID_NOT_FOUND for an unknown onBehalfOf", async () => {
    const missing = await pin("999999");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("ERR_MESSAGE_ID_NOT_FOUND");
    const nobody = await pin("10001", "nobody-here");
    expect(nobody.status).toBe(404);
    expect(nobody.body.error).toMatchObject({ code: "ERR_UID_NOT_FOUND", message: "The UID nobody-here does not exist." });
  });

  it("does not pin when the acting user is refused", async () => {
    await pin("10004", restricted?.uid);
    expect((await pin("10004", "kenji-watanabe")).body.data.pinnedBy).toBe("kenji-watanabe");
  });
});

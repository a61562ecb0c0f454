import { describe, expect, it } from "vitest";
import { responses } from "@/lib/chat/schemas";
import { setupEmulator, type ErrorBody } from "./setup-emulator";

/** The emulator answers in the real service's shapes where the contract is silent (cometchat-real-service.md). */
const { api, control, emulator } = setupEmulator();

type Item = { id: string; receiverType: string; receiver: string; category: string; type: string; data: Record<string, unknown> & { entities: { receiver: { entityType: string; entity: Record<string, unknown> } } } };
const listFlagged = async () => (await api<{ data: Item[] }>("GET", "/moderation/flagged-messages")).body.data;

describe("message kinds in the flagged list", () => {
  it("lists group messages with the group as the receiver entity (no uid, no role)", async () => {
    const group = (await listFlagged()).find((m) => m.receiverType === "group" && m.type === "text");
    expect(group?.data.entities.receiver).toMatchObject({ entityType: "group", entity: { guid: group?.receiver, name: "Hiking club", membersCount: 8 } });
    expect(group?.data.entities.receiver.entity).not.toHaveProperty("uid");
    expect(group?.data.entities.receiver.entity).not.toHaveProperty("role");
  });

  it("lists media with url and attachments and no text, served by the emulator itself", async () => {
    const image = (await listFlagged()).find((m) => m.type === "image" && m.receiverType === "user" && String(m.data.url).endsWith(".png"));
    expect(image?.data).not.toHaveProperty("text");
    const attachments = image?.data.attachments as { name: string; mimeType: string; size: number; url: string }[];
    expect(attachments[0]).toMatchObject({ name: "receipt.png", extension: "png", mimeType: "image/png" });
    const file = await fetch(attachments[0]?.url ?? "");
    expect(file.headers.get("content-type")).toBe("image/png");
    expect((await file.arrayBuffer()).byteLength).toBe(attachments[0]?.size);
    expect(new URL(attachments[0]?.url ?? "").origin).toBe(emulator().url);
  });

  it("lists custom and action messages with their data", async () => {
    const list = await listFlagged();
    expect(list.find((m) => m.category === "custom")?.data.customData).toMatchObject({ amount: 499, currency: "USD" });
    const action = list.find((m) => m.category === "action");
    expect(action?.data).toMatchObject({ action: "kicked", entities: { on: { entityType: "user" }, for: { entityType: "group" } } });
  });

  it("reads whole with the dashboard's client schemas: nothing unreadable", async () => {
    const raw = (await api("GET", "/moderation/flagged-messages")).body;
    const list = responses.listFlaggedMessages.parse(raw);
    expect(list.unreadable).toEqual([]);
    expect(new Set(list.data.map((m) => m.type))).toEqual(new Set(["text", "image", "file", "audio", "video", "payment_request", "groupMember"]));
  });

  it("puts a raw item at the head of the list for tests of unreadable items", async () => {
    await control("flagged-messages/raw", { id: "odd-1", flaggedBy: "not a list" });
    const raw = (await api("GET", "/moderation/flagged-messages")).body;
    const list = responses.listFlaggedMessages.parse(raw);
    expect(list.unreadable.map((u) => u.id)).toEqual(["odd-1"]);
    expect(list.data.length).toBe(49);
  });
});

describe("conversation message lists", () => {
  it("pages a group's messages around an id, before (prepend) and after (append)", async () => {
    const all = (await api<{ data: { id: string }[] }>("GET", "/groups/hiking-club/messages?limit=100")).body.data.map((m) => m.id);
    expect(all.length).toBeGreaterThan(12);
    const anchor = all[6] ?? "";
    const before = (await api<{ data: { id: string }[] }>("GET", `/groups/hiking-club/messages?id=${anchor}&affix=prepend&limit=3`)).body.data.map((m) => m.id);
    const after = (await api<{ data: { id: string }[] }>("GET", `/groups/hiking-club/messages?id=${anchor}&affix=append&limit=3`)).body.data.map((m) => m.id);
    expect(before).toEqual(all.slice(3, 6));
    expect(after).toEqual(all.slice(7, 10));
  });

  it("lists the conversation between a user and onBehalfOf", async () => {
    const reply = await api<{ data: { sender: string; receiver: string }[] }>("GET", "/users/kenji-watanabe/messages?limit=50", { headers: { onBehalfOf: "mallory" } });
    expect(reply.body.data.length).toBeGreaterThan(0);
    for (const m of reply.body.data) expect([m.sender, m.receiver].sort()).toEqual(["kenji-watanabe", "mallory"]);
  });

  it("lists a message sent now last in its conversation, in either direction, and with each user's direct messages only", async () => {
    type Listed = { id: string; sender: string; receiver: string; receiverType: string };
    const sent = [];
    for (const [sender, receiver] of [["mallory", "kenji-watanabe"], ["kenji-watanabe", "mallory"]] as const) {
      sent.push(((await control("messages", { sender, receiver, text: `reply from ${sender}` })) as { data: { id: string } }).data.id);
    }
    const between = (await api<{ data: Listed[] }>("GET", "/users/kenji-watanabe/messages?limit=100", { headers: { onBehalfOf: "MALLORY" } })).body.data;
    expect(between.slice(-2).map((m) => m.id)).toEqual(sent);
    const ids = between.map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const before = (await api<{ data: Listed[] }>("GET", `/users/mallory/messages?id=${sent[1]}&affix=prepend&limit=1`, { headers: { onBehalfOf: "kenji-watanabe" } })).body.data;
    expect(before.map((m) => m.id)).toEqual([sent[0]]);

    const everyDirect = (await api<{ data: Listed[] }>("GET", "/users/mallory/messages?limit=100")).body.data;
    expect(everyDirect.slice(-2).map((m) => m.id)).toEqual(sent);
    for (const m of everyDirect) {
      expect(m.receiverType).toBe("user");
      expect([m.sender, m.receiver]).toContain("mallory");
    }
  });

  it("answers an unknown group 404 and bad paging 400 with the real error envelope", async () => {
    const missing = await api<ErrorBody>("GET", "/groups/nope/messages");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "ERR_GUID_NOT_FOUND", source: "chat-api", devMessage: expect.any(String) });
    const bad = await api<ErrorBody & { error: { details: Record<string, string[]> } }>("GET", "/groups/hiking-club/messages?affix=sideways");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.affix?.length).toBe(1);
  });
});

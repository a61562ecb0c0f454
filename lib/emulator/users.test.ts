import { describe, expect, it } from "vitest";
import { createSeed } from "./seed";
import { setupEmulator, type ErrorBody, type WireUser } from "./setup-emulator";

const { api } = setupEmulator();
const seed = createSeed(1_760_000_000);
const tokenOf = (uid: string) => [...(seed.tokens.get(uid)?.keys() ?? [])][0] ?? "";
const path = (...segments: string[]) => segments.map((s) => `/${encodeURIComponent(s)}`).join("");

describe("get user", () => {
  it("returns the user with exactly the contract's fields", async () => {
    const reply = await api<{ data: WireUser }>("GET", "/users/ana-souza");
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body.data)).toEqual(["uid", "name", "link", "avatar", "status", "role", "createdAt", "metadata", "tags"]);
    expect(reply.body.data).toMatchObject({ uid: "ana-souza", name: "Ana Souza", role: "default", link: "https://ana.example.com", tags: ["beta", "paid"] });
    expect(reply.body.data.metadata).toMatchObject({ "@private": { email: "ana.souza@example.com" }, plan: "pro", locale: "pt-BR" });
    expect(Number.isInteger(reply.body.data.createdAt) && reply.body.data.createdAt < 1e11).toBe(true);
  });

  it("leaves link, metadata and tags out for a user without them", async () => {
    const bare = [...seed.users.values()].find((u) => !u.link && !u.metadata && !u.tags);
    const reply = await api<{ data: WireUser }>("GET", path("users", bare?.uid ?? ""));
    expect(Object.keys(reply.body.data)).toEqual(["uid", "name", "avatar", "status", "role", "createdAt"]);
  });

  it("returns hostile content as plain data", async () => {
    const { data } = (await api<{ data: WireUser }>("GET", "/users/mallory")).body;
    expect(data.link).toBe("javascript:alert(1)");
    expect(data.name).toContain("<img src=x onerror=alert(1)>");
    expect(JSON.stringify(data.metadata)).toContain("<script>");
  });

  it("answers 404 ERR_UID_NOT_FOUND naming the uid", async () => {
    const reply = await api<ErrorBody>("GET", "/users/nobody-here");
    expect(reply.status).toBe(404);
    expect(reply.body.error).toEqual({ code: "ERR_UID_NOT_FOUND", message: "The UID nobody-here does not exist." });
  });
});

describe("deactivate users", () => {
  const deactivate = (uidsToDeactivate: unknown) => api<{ data: { deactivatedUids: string[] } } & ErrorBody>("DELETE", "/users", { body: { uidsToDeactivate } });

  it("returns only the known, active UIDs it deactivated, and keeps their data readable", async () => {
    const before = (await api<{ data: WireUser }>("GET", "/users/kenji-watanabe")).body.data;
    const reply = await deactivate(["kenji-watanabe", "no-such-user", "ana-souza", "kenji-watanabe"]);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { deactivatedUids: ["kenji-watanabe", "ana-souza"] } });
    const after = await api<{ data: WireUser }>("GET", "/users/kenji-watanabe");
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual(before);
  });

  it("leaves already-deactivated UIDs out", async () => {
    await deactivate(["ana-souza"]);
    expect((await deactivate(["ana-souza", "kenji-watanabe"])).body.data.deactivatedUids).toEqual(["kenji-watanabe"]);
  });

  it("accepts an empty list", async () => {
    expect((await deactivate([])).body).toEqual({ data: { deactivatedUids: [] } });
  });

  it("refuses a body without uidsToDeactivate", async () => {
    const reply = await api<ErrorBody>("DELETE", "/users", { body: {} });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/uidsToDeactivate/);
  });
});

describe("add friends", () => {
  type FriendsReply = { data: { accepted: Record<string, { success: boolean; message: string }> } } & ErrorBody;
  const addFriends = (uid: string, body: unknown) => api<FriendsReply>("POST", path("users", uid, "friends"), { body });

  it("reports per UID: success for known users, failure for unknown and self", async () => {
    const reply = await addFriends("ana-souza", { accepted: ["kenji-watanabe", "ghost-user", "ana-souza", "用户-42"] });
    expect(reply.status).toBe(200);
    const accepted = reply.body.data.accepted;
    expect(Object.keys(accepted).sort()).toEqual(["ana-souza", "ghost-user", "kenji-watanabe", "用户-42"].sort());
    expect(accepted["kenji-watanabe"]?.success).toBe(true);
    expect(accepted["用户-42"]?.success).toBe(true);
    expect(accepted["ghost-user"]).toEqual({ success: false, message: "The UID ghost-user does not exist." });
    expect(accepted["ana-souza"]).toEqual({ success: false, message: "A user cannot be their own friend." });
    for (const result of Object.values(accepted)) expect(result.message.length).toBeGreaterThan(0);
  });

  it("reports success again for an existing friend, from either side", async () => {
    await addFriends("ana-souza", { accepted: ["kenji-watanabe"], addToConversations: true });
    const again = await addFriends("kenji-watanabe", { accepted: ["ana-souza"] });
    expect(again.body.data.accepted["ana-souza"]).toEqual({ success: true, message: "The UID ana-souza is already a friend of kenji-watanabe." });
  });

  it("keeps a UID named __proto__ as an ordinary key", async () => {
    const reply = await addFriends("ana-souza", { accepted: ["__proto__"] });
    expect(reply.text).toContain('"__proto__":{"success":false');
  });

  it("answers 404 ERR_UID_NOT_FOUND for an unknown user", async () => {
    const reply = await addFriends("nobody-here", { accepted: ["ana-souza"] });
    expect(reply.status).toBe(404);
    expect(reply.body.error.code).toBe("ERR_UID_NOT_FOUND");
  });
});

describe("update auth token", () => {
  type TokenReply = { data: Record<string, unknown> } & ErrorBody;
  const update = (uid: string, token: string, body: unknown) => api<TokenReply>("PUT", path("users", uid, "auth_tokens", token), { body });

  it("updates the token and returns exactly uid, authToken and createdAt", async () => {
    const token = tokenOf("ana-souza");
    const reply = await update("ana-souza", token, { platform: "android", userAgent: "ChatApp/5.0", appInfo: { version: "5.0.0" } });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body.data).sort()).toEqual(["authToken", "createdAt", "uid"]);
    expect(reply.body.data).toEqual({ uid: "ana-souza", authToken: token, createdAt: expect.any(Number) });
    expect(Number.isInteger(reply.body.data.createdAt)).toBe(true);
  });

  it("accepts an empty object and uids with spaces or non-Latin characters", async () => {
    for (const uid of ["user with space", "用户-42"]) {
      const reply = await update(uid, tokenOf(uid), {});
      expect(reply.status, uid).toBe(200);
      expect(reply.body.data.uid).toBe(uid);
    }
  });

  it("answers 404 ERR_AUTH_TOKEN_NOT_FOUND for a token of another user or an unknown one", async () => {
    for (const token of [tokenOf("kenji-watanabe"), "ana-souza_00000000000000000000000000000000"]) {
      const reply = await update("ana-souza", token, { platform: "ios" });
      expect(reply.status).toBe(404);
      expect(reply.body.error.code).toBe("ERR_AUTH_TOKEN_NOT_FOUND");
      expect(reply.body.error.message).not.toContain(token);
    }
  });

  it("answers 404 ERR_UID_NOT_FOUND for an unknown user", async () => {
    const reply = await update("nobody-here", "nobody-here_x", { platform: "ios" });
    expect(reply.status).toBe(404);
    expect(reply.body.error.code).toBe("ERR_UID_NOT_FOUND");
  });
});

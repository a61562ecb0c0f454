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
    expect(reply.body.error).toMatchObject({ code: "ERR_UID_NOT_FOUND", message: "The UID nobody-here does not exist." });
  });
});

type UidLists = Record<string, string[]>;

describe("deactivate users", () => {
  const deactivate = (uidsToDeactivate: unknown) => api<{ data: UidLists } & ErrorBody>("DELETE", "/users", { body: { uidsToDeactivate } });

  it("puts each UID in one of three lists, and a deactivated user then reads as 404 like an unknown one", async () => {
    const reply = await deactivate(["kenji-watanabe", "no-such-user", "ana-souza", "kenji-watanabe"]);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { deactivatedUids: ["kenji-watanabe", "ana-souza"], notFound: ["no-such-user"] } });
    const after = await api<ErrorBody>("GET", "/users/kenji-watanabe");
    expect(after.status).toBe(404);
    expect(after.body.error).toMatchObject({ code: "ERR_UID_NOT_FOUND", message: "The UID kenji-watanabe does not exist." });
  });

  it("lists already-deactivated UIDs apart, and leaves out lists that would be empty", async () => {
    await deactivate(["ana-souza"]);
    expect((await deactivate(["ana-souza", "kenji-watanabe"])).body).toEqual({ data: { deactivatedUids: ["kenji-watanabe"], alreadyDeactivatedUids: ["ana-souza"] } });
    expect((await deactivate(["ana-souza"])).body).toEqual({ data: { alreadyDeactivatedUids: ["ana-souza"] } });
  });

  it("accepts an empty list with an empty answer", async () => {
    expect((await deactivate([])).body).toEqual({ data: {} });
  });

  it("compares UIDs in lower case", async () => {
    expect((await deactivate(["Ana-Souza"])).body).toEqual({ data: { deactivatedUids: ["ana-souza"] } });
  });

  it("refuses a body without uidsToDeactivate", async () => {
    const reply = await api<ErrorBody>("DELETE", "/users", { body: {} });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/uidsToDeactivate/);
  });
});

describe("reactivate users", () => {
  const reactivate = (uidsToActivate: unknown) => api<{ data: UidLists } & ErrorBody>("PUT", "/users", { body: { uidsToActivate } });

  it("reactivates deactivated users, naming unknown and never-deactivated UIDs apart", async () => {
    await api("DELETE", "/users", { body: { uidsToDeactivate: ["ana-souza"] } });
    expect((await reactivate(["ana-souza", "kenji-watanabe", "no-such-user"])).body).toEqual({
      data: { reactivatedUids: ["ana-souza"], nonDeactivatedUids: ["kenji-watanabe"], notFound: ["no-such-user"] },
    });
    expect((await api("GET", "/users/ana-souza")).status).toBe(200);
    expect((await reactivate(["no-such-user"])).body).toEqual({ data: { notFound: ["no-such-user"] } });
  });

  it("refuses a body without uidsToActivate", async () => {
    const reply = await reactivate(undefined);
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/uidsToActivate/);
  });
});

describe("list users", () => {
  type UserList = { data: WireUser[]; meta: { pagination: { total: number; count: number; per_page: number; current_page: number; total_pages: number } } } & ErrorBody;
  const list = (query: string) => api<UserList>("GET", `/users?${query}`);

  it("finds a deactivated user only with onlyDeactivated or withDeactivated, by a prefix of the uid", async () => {
    await api("DELETE", "/users", { body: { uidsToDeactivate: ["ana-souza"] } });
    expect((await list("searchKey=ana-souza")).body.data.map((u) => u.uid)).not.toContain("ana-souza");
    const only = await list("onlyDeactivated=true&searchKey=ana-sou");
    expect(only.body.data.map((u) => u.uid)).toEqual(["ana-souza"]);
    expect(only.body.meta.pagination).toMatchObject({ total: 1, count: 1, per_page: 100, current_page: 1, total_pages: 1 });
    expect((await list("withDeactivated=true&searchKey=ana-souza")).body.data.map((u) => u.uid)).toContain("ana-souza");
  });

  it("pages with perPage and page, and filters by status available (online) or offline", async () => {
    const all = (await list("perPage=1000")).body;
    const second = (await list("perPage=2&page=2")).body;
    expect(second.data.map((u) => u.uid)).toEqual(all.data.slice(2, 4).map((u) => u.uid));
    expect(second.meta.pagination).toMatchObject({ count: 2, per_page: 2, current_page: 2, total: all.data.length });
    const available = (await list("status=available&perPage=1000")).body.data;
    expect(available.length).toBeGreaterThan(0);
    expect(available.every((u) => u.status === "online" || u.status === "available")).toBe(true);
    expect((await list("status=offline&perPage=1000")).body.data.every((u) => u.status === "offline")).toBe(true);
  });

  it("refuses a perPage over 1000 or an unknown status with 400 naming it", async () => {
    expect((await list("perPage=1001")).body.error.message).toMatch(/perPage/);
    expect((await list("status=busy")).body.error.message).toMatch(/status/);
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

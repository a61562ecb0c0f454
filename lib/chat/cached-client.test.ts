import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { startEmulator } from "@/lib/emulator/server";
import { withReadCache } from "./cached-client";
import { createChatClient, type ChatClient } from "./client";

let emulator: Awaited<ReturnType<typeof startEmulator>>;
let raw: ChatClient;

const calls = async (route: string) => {
  const stats = (await (await fetch(`${emulator.url}/__emulator/stats`)).json()) as { requests: { byRoute: Record<string, number> } };
  return stats.requests.byRoute[route] ?? 0;
};

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  raw = createChatClient({ baseUrl: emulator.baseUrl, apiKey: EMULATOR_DEMO_API_KEY, timeoutMs: 2_000 });
});
afterAll(async () => {
  await raw.close();
  await emulator.close();
});
beforeEach(async () => {
  await fetch(`${emulator.url}/__emulator/reset`, { method: "POST" });
});
afterEach(() => vi.useRealTimers());

describe("shared upstream cache", () => {
  it("coalesces 100 concurrent reads into one upstream call", async () => {
    const chat = withReadCache(raw, 2_000);
    await Promise.all(Array.from({ length: 100 }, () => chat.listFlaggedMessages()));
    expect(await calls("GET /moderation/flagged-messages")).toBe(1);
  });

  it("serves later reads within the period from the cache, and asks again after it", async () => {
    // The cache reads Date.now(): a fake clock moves the period along without waiting for it.
    vi.useFakeTimers({ toFake: ["Date"] });
    const chat = withReadCache(raw, 150);
    await chat.getUser("ana-souza");
    await chat.getUser("ana-souza");
    vi.advanceTimersByTime(149);
    await chat.getUser("ana-souza");
    expect(await calls("GET /users/:uid")).toBe(1);
    vi.advanceTimersByTime(1);
    await chat.getUser("ana-souza");
    expect(await calls("GET /users/:uid")).toBe(2);
  });

  it("drops exactly the entries a mutation changes", async () => {
    const chat = withReadCache(raw, 60_000);
    await Promise.all([chat.getUser("ana-souza"), chat.getUser("kenji-watanabe"), chat.listFlaggedMessages()]);
    await chat.deactivateUsers(["ana-souza"]);
    // Asked again: the service now answers 404 for the deactivated user, as the real one does.
    await Promise.all([expect(chat.getUser("ana-souza")).rejects.toMatchObject({ status: 404 }), chat.getUser("kenji-watanabe"), chat.listFlaggedMessages()]);
    expect(await calls("GET /users/:uid")).toBe(3);
    expect(await calls("GET /moderation/flagged-messages")).toBe(2);
  });

  it("does not keep a failure", async () => {
    const chat = withReadCache(raw, 60_000);
    await expect(chat.getUser("nobody-at-all")).rejects.toMatchObject({ status: 404 });
    await expect(chat.getUser("nobody-at-all")).rejects.toMatchObject({ status: 404 });
    expect(await calls("GET /users/:uid")).toBe(2);
  });
});

import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatClient } from "@/lib/chat/client";
import { ChatKeyRejectedError, ChatServiceError } from "@/lib/chat/errors";
import { openDatabase, type DatabaseHandle } from "@/lib/db/open";
import { EMULATOR_AUTH_ONLY_API_KEY, EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { startEmulator, type RunningEmulator } from "@/lib/emulator/server";
import { keyRefusalHealthMessage } from "@/lib/chat/key-refusal";
import { classifyCall } from "./chat-outcome";
import { createHealthMonitor } from "./monitor";
import { freshDataDir } from "@/lib/testing/pglite-template";

let emulator: RunningEmulator;
let port: number;
let database: DatabaseHandle;
const dataDir = freshDataDir("health-test-");
const fastRetry = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  port = Number(new URL(emulator.url).port);
  database = await openDatabase({ dataDir });
});
afterAll(async () => {
  await emulator.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A monitor as the dashboard builds it: select 1 on a real database, the fullAccess key list with `apiKey`. */
function monitorWith(apiKey: string) {
  const client = createChatClient({ baseUrl: `http://127.0.0.1:${port}/v3`, apiKey, timeoutMs: 1_000, readRetry: fastRetry });
  const monitor = createHealthMonitor({
    intervalMs: 60_000,
    checkDatabase: () => database.db.execute(sql`select 1`),
    checkChatService: () => client.listApiKeys("fullAccess"),
  });
  return { monitor, close: () => client.close() };
}

describe("health monitor against the emulator and a real database", () => {
  it("is degraded and unchecked until its first check, then ok with the demo key", async () => {
    const { monitor, close } = monitorWith(EMULATOR_DEMO_API_KEY);
    expect(monitor.snapshot()).toMatchObject({ status: "degraded", database: { ok: false, checkedAt: null }, chatService: { status: "unchecked", checkedAt: null } });
    const health = await monitor.checkNow();
    expect(health.status).toBe("ok");
    expect(health.database.ok).toBe(true);
    expect(health.chatService).toMatchObject({ ok: true, status: "ok" });
    expect(health.chatService.checkedAt).toBeGreaterThan(0);
    await close();
  });

  it("says key_rejected for an unknown key and for an authOnly key, naming CHAT_API_KEY", async () => {
    for (const [key, refusal] of [
      ["not-a-key-of-this-app", "rejected"],
      [EMULATOR_AUTH_ONLY_API_KEY, "scope"],
    ] as const) {
      const { monitor, close } = monitorWith(key);
      const health = await monitor.checkNow();
      expect(health.status).toBe("degraded");
      expect(health.database.ok).toBe(true);
      expect(health.chatService).toMatchObject({ ok: false, status: "key_rejected", message: keyRefusalHealthMessage(refusal) });
      expect(JSON.stringify(health)).not.toContain(key);
      await close();
    }
  });

  it("says unreachable while the emulator is stopped, and ok once it is back on its port", async () => {
    const { monitor, close } = monitorWith(EMULATOR_DEMO_API_KEY);
    expect((await monitor.checkNow()).chatService.status).toBe("ok");
    await emulator.close();
    const down = await monitor.checkNow();
    expect(down.chatService).toMatchObject({ ok: false, status: "unreachable" });
    expect(down.chatService.message).toMatch(/refused/);
    expect(down.database.ok).toBe(true);
    emulator = await startEmulator({ port });
    expect((await monitor.checkNow()).chatService).toMatchObject({ ok: true, status: "ok" });
    await close();
  });

  it("says rate_limited on a 429 and unreachable on a connection reset", async () => {
    const { monitor, close } = monitorWith(EMULATOR_DEMO_API_KEY);
    const fault = (body: unknown) => fetch(`${emulator.url}/__emulator/faults`, { method: "POST", body: JSON.stringify(body) });
    await fault({ kind: "status429", count: 1, retryAfterSeconds: 9 });
    expect((await monitor.checkNow()).chatService).toMatchObject({ status: "rate_limited", message: expect.stringMatching(/Try again in 9 s/) });
    await fault({ kind: "reset", count: 3 });
    expect((await monitor.checkNow()).chatService.status).toBe("unreachable");
    expect((await monitor.checkNow()).chatService.status).toBe("ok");
    await close();
  });

  it("reports a database that fails its check", async () => {
    const broken = createHealthMonitor({
      intervalMs: 60_000,
      checkDatabase: () => Promise.reject(new Error("connection refused")),
      checkChatService: () => Promise.resolve(),
    });
    expect(await broken.checkNow()).toMatchObject({ status: "degraded", database: { ok: false }, chatService: { ok: true } });
  });
});

describe("real calls reported to the monitor", () => {
  it("a refused key or an unreachable service shows at once; a success clears it; other refusals change nothing", async () => {
    const client = createChatClient({ baseUrl: emulator.baseUrl, apiKey: "wrong-key", timeoutMs: 1_000 });
    const monitor = createHealthMonitor({ intervalMs: 60_000, checkDatabase: () => Promise.resolve(), checkChatService: () => Promise.resolve() });
    await monitor.checkNow();
    const refused = await client.getUser("ana-souza").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChatKeyRejectedError);
    monitor.recordChatCall(classifyCall(refused));
    expect(monitor.snapshot().chatService.status).toBe("key_rejected");
    monitor.recordChatCall(classifyCall(new ChatServiceError("getUser", 404, "ERR_UID_NOT_FOUND", "no such user")));
    expect(monitor.snapshot().chatService.status).toBe("key_rejected");
    monitor.recordChatCall(classifyCall(undefined));
    expect(monitor.snapshot()).toMatchObject({ status: "ok", chatService: { status: "ok" } });
    await client.close();
  });
});

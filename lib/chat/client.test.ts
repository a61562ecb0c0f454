import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMULATOR_AUTH_ONLY_API_KEY, EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { startEmulator } from "@/lib/emulator/server";
import { SPLIT_PARSE_MIN_BYTES } from "@/lib/text/json-bytes";
import { createChatClient, type ChatClient } from "./client";
import {
  ChatBadResponseError,
  ChatConnectionLostError,
  ChatKeyRejectedError,
  ChatRateLimitedError,
  ChatServerError,
  ChatServiceError,
  ChatTimeoutError,
} from "./errors";

let emulator: Awaited<ReturnType<typeof startEmulator>>;
let client: ChatClient;

const control = (path: string, body?: unknown, method = "POST") =>
  fetch(`${emulator.url}/__emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const noRetry = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  client = createChatClient({ baseUrl: emulator.baseUrl, apiKey: EMULATOR_DEMO_API_KEY, timeoutMs: 1_000, readRetry: noRetry });
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});
beforeEach(async () => {
  await control("reset");
});

describe("chat client against the emulator over loopback", () => {
  it("lists flagged messages with the contract's meta.current", async () => {
    const { data, meta } = await client.listFlaggedMessages();
    expect(meta.current.limit).toBe(50);
    expect(meta.current.count).toBe(data.length);
    expect(data[0]?.flaggedBy.length).toBeGreaterThan(0);
  });

  it("parses an unchanged list once: later reads share its frozen items, and a change is read anew", async () => {
    const first = await client.listFlaggedMessages();
    const again = await client.listFlaggedMessages();
    expect(again).not.toBe(first);
    expect(again.data).toBe(first.data);
    expect(Object.isFrozen(again.data[0])).toBe(true);

    await control("settings", { flaggedLimit: 10 });
    const changed = await client.listFlaggedMessages();
    expect(changed.data).toHaveLength(10);
    expect(changed.data[0]).toEqual(first.data[0]);
  });

  it("reads a long list that changed item by item: the items that did not change come back as they were read", async () => {
    await control("seed/flagged-messages", { count: 400 });
    await control("settings", { flaggedLimit: 1_000 });
    const first = await client.listFlaggedMessages();
    // Long enough to be read a piece at a time (lib/text/json-bytes.ts).
    expect(Buffer.byteLength(JSON.stringify(first.data))).toBeGreaterThan(SPLIT_PARSE_MIN_BYTES);
    const created = (await (await control("messages", { sender: "mallory", receiver: "ana-souza", text: "buy followers now" })).json()) as { data: { id: string } };
    const flagged = await fetch(`${emulator.baseUrl}/messages/${created.data.id}/flagged`, {
      method: "POST",
      headers: { apikey: EMULATOR_DEMO_API_KEY, onbehalfof: "kenji-watanabe", "content-type": "application/json" },
      body: JSON.stringify({ reasonId: "spam" }),
    });
    expect(flagged.ok).toBe(true);
    const changed = await client.listFlaggedMessages();
    expect(changed.data).toHaveLength(first.data.length + 1);
    expect(changed.data[0]?.id).toBe(created.data.id);
    const before = new Map(first.data.map((message) => [message.id, message]));
    expect(changed.data.slice(1).every((message) => before.get(message.id) === message)).toBe(true);
  });

  it("pins as the app, and on behalf of a user", async () => {
    const { data } = await client.listFlaggedMessages();
    const [first, second] = data;
    if (!first || !second) throw new Error("seed has flagged messages");
    expect((await client.pinMessage(first.id)).data.pinnedBy).toBe("app_system");
    expect((await client.pinMessage(second.id, second.receiver)).data.pinnedBy).toBe(second.receiver);
  });

  it("reaches the service with a UID holding '/', '?', '..' as one encoded segment", async () => {
    for (const uid of ["a/b", "x?y", "..", "user with space"]) {
      const before = (await (await control("stats", undefined, "GET")).json()) as { requests: { byRoute: Record<string, number> } };
      const error = await client.getUser(uid).catch((e: unknown) => e);
      const after = (await (await control("stats", undefined, "GET")).json()) as { requests: { byRoute: Record<string, number> } };
      expect((after.requests.byRoute["GET /users/:uid"] ?? 0) - (before.requests.byRoute["GET /users/:uid"] ?? 0)).toBe(1);
      if (uid === "user with space") expect(error).not.toBeInstanceOf(Error);
      else expect(error).toMatchObject({ status: 404, code: "ERR_UID_NOT_FOUND" });
    }
  });

  it("keeps an upstream error's status, code and message", async () => {
    const error = await client.getUser("nobody-here").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatServiceError);
    expect(error).toMatchObject({ status: 404, code: "ERR_UID_NOT_FOUND" });
    expect((error as Error).message).toContain("nobody-here");
  });

  it("sends the DELETE with its JSON body and returns deactivatedUids", async () => {
    const { data } = await client.deactivateUsers(["ana-souza", "no-such-user"]);
    expect(data.deactivatedUids).toEqual(["ana-souza"]);
  });

  it("lists API keys with pagination meta and filters by scope", async () => {
    const all = await client.listApiKeys();
    expect(all.meta.pagination.per_page).toBe(100);
    const authOnly = await client.listApiKeys("authOnly");
    expect(authOnly.data.every((k) => k.scope === "authOnly")).toBe(true);
  });

  it("turns a rejected key into a key error, not a sign-in error", async () => {
    const bad = createChatClient({ baseUrl: emulator.baseUrl, apiKey: "wrong", timeoutMs: 1_000, readRetry: noRetry });
    await expect(bad.getUser("ana-souza")).rejects.toMatchObject({ constructor: ChatKeyRejectedError, refusal: "rejected" });
    // AUTH_ERR_NO_ACCESS: the key is the app's, but its scope is too small (also a configuration problem).
    const authOnly = createChatClient({ baseUrl: emulator.baseUrl, apiKey: EMULATOR_AUTH_ONLY_API_KEY, timeoutMs: 1_000, readRetry: noRetry });
    await expect(authOnly.getUser("ana-souza")).rejects.toMatchObject({ constructor: ChatKeyRejectedError, refusal: "scope" });
    await Promise.all([bad.close(), authOnly.close()]);
  });
});

describe("error mapping", () => {
  const cases: [string, Record<string, unknown>, new (...args: never[]) => Error, Record<string, unknown>][] = [
    ["5xx", { kind: "status503" }, ChatServerError, { status: 502, code: "ERR_UPSTREAM_SERVER_ERROR" }],
    ["429 keeps Retry-After", { kind: "status429", retryAfterSeconds: 7 }, ChatRateLimitedError, { status: 429, retryAfterSeconds: 7 }],
    ["a body that is not JSON", { kind: "malformed" }, ChatBadResponseError, { status: 502, code: "ERR_UPSTREAM_BAD_RESPONSE" }],
    ["a body of the wrong shape", { kind: "wrongShape" }, ChatBadResponseError, { status: 502, code: "ERR_UPSTREAM_BAD_RESPONSE" }],
    ["a connection reset", { kind: "reset" }, ChatConnectionLostError, { status: 502, code: "ERR_UPSTREAM_CONNECTION_LOST" }],
    ["a request that never answers", { kind: "hang" }, ChatTimeoutError, { status: 504, code: "ERR_UPSTREAM_TIMEOUT" }],
  ];
  for (const [name, fault, type, fields] of cases) {
    it(`maps ${name}`, async () => {
      await control("faults", { ...fault, count: 1 });
      const error = await client.getUser("ana-souza").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect(error).toMatchObject(fields);
      expect((error as Error).message).toMatch(/get user/);
    });
  }

  it("names the operation when the response does not fit the contract", async () => {
    await control("faults", { kind: "wrongShape", count: 1 });
    await expect(client.listFlaggedMessages()).rejects.toThrow(/unexpected response to list flagged messages/);
  });

  it("fires the timeout at its configured time", async () => {
    await control("faults", { kind: "hang", count: 1 });
    const started = performance.now();
    await expect(client.getUser("ana-souza")).rejects.toBeInstanceOf(ChatTimeoutError);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(3_000);
  });

  it("reports a refused connection", async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const gone = createChatClient({ baseUrl: `http://127.0.0.1:${port}/v3`, apiKey: "k", timeoutMs: 1_000, readRetry: noRetry });
    await expect(gone.getUser("x")).rejects.toMatchObject({ code: "ERR_UPSTREAM_UNAVAILABLE", message: expect.stringMatching(/refused/) });
    await gone.close();
  });

  it("reads a body sent in pieces without a Content-Length, and refuses one over 16 MiB", async () => {
    // A user whose name is long enough that the body outgrows the first buffer several times.
    const name = "n".repeat(300 * 1024);
    const server: Server = createServer((request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      if (request.url?.includes("huge")) {
        const piece = "x".repeat(1024 * 1024);
        response.write(`{"data":{"uid":"huge","name":"`);
        for (let i = 0; i < 17; i++) response.write(piece);
        response.end(`"}}`);
        return;
      }
      const body = JSON.stringify({ data: { uid: "long", name } });
      for (let at = 0; at < body.length; at += 10_000) response.write(body.slice(at, at + 10_000));
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const plain = createChatClient({ baseUrl: `http://127.0.0.1:${port}/v3`, apiKey: "k", timeoutMs: 5_000, readRetry: noRetry });
    try {
      await expect(plain.getUser("long")).resolves.toMatchObject({ data: { uid: "long", name } });
      await expect(plain.getUser("huge")).rejects.toMatchObject({ code: "ERR_UPSTREAM_BAD_RESPONSE", message: expect.stringMatching(/larger than 16 MiB/) });
    } finally {
      await plain.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("reports a host name that does not resolve", async () => {
    const nowhere = createChatClient({ baseUrl: "http://no-such-host.invalid/v3", apiKey: "k", timeoutMs: 2_000, readRetry: noRetry });
    await expect(nowhere.getUser("x")).rejects.toMatchObject({ code: "ERR_UPSTREAM_UNAVAILABLE", message: expect.stringMatching(/resolved/) });
    await nowhere.close();
  });

  it("retries a read after a 5xx, but never a 4xx", async () => {
    const retrying = createChatClient({
      baseUrl: emulator.baseUrl,
      apiKey: EMULATOR_DEMO_API_KEY,
      timeoutMs: 1_000,
      readRetry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
    });
    await control("faults", { kind: "status500", count: 2 });
    await expect(retrying.getUser("ana-souza")).resolves.toMatchObject({ data: { uid: "ana-souza" } });
    await control("stats/reset");
    await expect(retrying.getUser("nobody-here")).rejects.toMatchObject({ status: 404 });
    const stats = (await (await control("stats", undefined, "GET")).json()) as { requests: { total: number } };
    expect(stats.requests.total).toBe(1);
    await retrying.close();
  });

  it("does not retry a mutation", async () => {
    await control("faults", { kind: "status500", count: 1 });
    await control("stats/reset");
    await expect(client.deactivateUsers(["ana-souza"])).rejects.toBeInstanceOf(ChatServerError);
    const stats = (await (await control("stats", undefined, "GET")).json()) as { requests: { total: number } };
    expect(stats.requests.total).toBe(1);
  });
});

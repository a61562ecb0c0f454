import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createChatClient, type ChatClient } from "./client";
import { ChatRateLimitedError } from "./errors";

/**
 * The client against a server that answers in the real service's shapes (cometchat-real-service.md),
 * including the awkward ones: no data envelope on the review answer, lists left out, no message.
 */
type Answer = { status?: number; headers?: Record<string, string>; body: unknown };
let answer: Answer;
let seen: { method: string; url: string; body: unknown }[];
let server: Server;
let client: ChatClient;
const NOW = 1_760_000_000_000;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as unknown) : undefined;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", body });
      res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  client = createChatClient({ baseUrl: `http://127.0.0.1:${port}/v3`, apiKey: "k", timeoutMs: 2_000, flaggedPageSize: 500, now: () => NOW });
});
afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
});

describe("writing a review decision back", () => {
  it("sends PATCH /moderation/flagged-messages/{id} with {status}, and reads the published answer without a data envelope", async () => {
    answer = { body: { success: true, message: "Message with id 2 has been unflagged successfully." } };
    expect(await client.reviewFlaggedMessage("2", "disapproved")).toEqual({ success: true, message: "Message with id 2 has been unflagged successfully." });
    expect(seen).toEqual([{ method: "PATCH", url: "/v3/moderation/flagged-messages/2", body: { status: "disapproved" } }]);
  });

  it("accepts the same answer inside a data envelope", async () => {
    answer = { body: { data: { success: true, message: "ok" } } };
    expect(await client.reviewFlaggedMessage("2", "approved")).toEqual({ success: true, message: "ok" });
  });
});

describe("the flagged list's page size", () => {
  it("asks for `limit` items, and only that parameter; or, when asked to, at the service's own size", async () => {
    answer = { body: { data: [], meta: { current: { limit: 100, count: 0 } } } };
    await client.listFlaggedMessages();
    expect(seen[0]?.url).toBe("/v3/moderation/flagged-messages?limit=500");
    await client.listFlaggedMessages({ withoutLimit: true });
    expect(seen[1]?.url).toBe("/v3/moderation/flagged-messages");
  });
});

describe("users", () => {
  it("reads a deactivate answer with any of its three lists left out", async () => {
    answer = { body: { data: { alreadyDeactivatedUids: ["ana"] } } };
    expect((await client.deactivateUsers(["ana", "bo"])).data).toEqual({ alreadyDeactivatedUids: ["ana"] });
    answer = { body: { data: {} } };
    expect((await client.deactivateUsers(["ana"])).data).toEqual({});
  });

  it("reactivates with PUT /users {uidsToActivate}, reading reactivatedUids, notFound and nonDeactivatedUids", async () => {
    answer = { body: { data: { notFound: ["zz"] } } };
    expect((await client.reactivateUsers(["zz"])).data).toEqual({ notFound: ["zz"] });
    expect(seen[0]).toEqual({ method: "PUT", url: "/v3/users", body: { uidsToActivate: ["zz"] } });
  });

  it("searches deactivated users with onlyDeactivated and searchKey, a page of the largest size at a time", async () => {
    answer = { body: { data: [{ uid: "ana", name: "Ana", status: "offline" }], meta: { pagination: { total: 1, count: 1, per_page: 100, current_page: 1, total_pages: 1 } } } };
    expect((await client.searchDeactivatedUsers("ana")).data.map((u) => u.uid)).toEqual(["ana"]);
    expect(seen[0]?.url).toBe("/v3/users?onlyDeactivated=true&searchKey=ana&perPage=1000");
    await client.searchDeactivatedUsers("ana", 2);
    expect(seen[1]?.url).toBe("/v3/users?onlyDeactivated=true&searchKey=ana&perPage=1000&page=2");
  });

  it("searches users by a UID or name prefix with searchKey, asking for one page of perPage", async () => {
    answer = { body: { data: [{ uid: "ana-souza", name: "Ana Souza" }], meta: { pagination: { total: 1, count: 1, per_page: 10, current_page: 1, total_pages: 1 } } } };
    expect((await client.searchUsers("Ana S", 10)).data).toEqual([{ uid: "ana-souza", name: "Ana Souza" }]);
    expect(seen[0]?.url).toBe("/v3/users?searchKey=Ana+S&perPage=10");
  });

  it("reads add-friends results per UID, with or without a message", async () => {
    answer = { body: { data: { accepted: { ana: { success: true }, bo: { success: false, message: "ERR_ALREADY_FRIEND" } } } } };
    expect((await client.addFriends("cy", ["ana", "bo"])).data.accepted).toEqual({ ana: { success: true }, bo: { success: false, message: "ERR_ALREADY_FRIEND" } });
  });
});

describe("rate limits", () => {
  it("keeps the last X-Rate-Limit / X-Rate-Limit-Remaining, and after a 429 none left until its Retry-After", async () => {
    answer = { headers: { "x-rate-limit": "20000", "x-rate-limit-remaining": "19999" }, body: { data: { uid: "ana", name: "Ana" } } };
    await client.getUser("ana");
    expect(client.rateLimit()).toEqual({ limit: 20_000, remaining: 19_999, resetAt: null, observedAt: NOW });
    answer = {
      status: 429,
      headers: { "retry-after": "30", "x-rate-limit-reset": String(NOW / 1000 + 30) },
      body: { error: { code: "ERR_TOO_MANY_REQUESTS", message: "Too many requests." } },
    };
    const error = await client.pinMessage("1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatRateLimitedError);
    expect(error).toMatchObject({ retryAfterSeconds: 30, retryAt: NOW + 30_000, message: expect.stringContaining("Paused until 08:53:50 UTC. Try again in 30 s.") });
    expect(client.rateLimit()).toEqual({ limit: 20_000, remaining: 0, resetAt: NOW / 1000 + 30, observedAt: NOW });
  });
});

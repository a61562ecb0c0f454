import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatClient, type ChatClient } from "./client";
import { ChatServiceError } from "./errors";
import { groupAction, groupImage, realFlaggedList, realValidationError } from "./fixtures/real-service-flagged";

/**
 * The chat client against an independent server on loopback that answers with the facts file's
 * example shapes (not the emulator's habits): the awkward flagged list and the real error body.
 */
let server: Server;
let client: ChatClient;

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "GET" && req.url === "/v3/moderation/flagged-messages") return send(200, realFlaggedList);
    if (req.method === "PUT" && req.url?.startsWith("/v3/users/superhero1/auth_tokens/")) return send(400, realValidationError);
    if (req.method === "GET" && req.url === "/v3/groups/cometchat-guid-1/messages?id=102&affix=prepend&limit=5") {
      // A group's list holds the same kinds as the flagged list (without the flags), and here one odd item.
      return send(200, { data: [groupAction, { ...groupImage, flaggedBy: undefined }, { id: "x" }], meta: { current: { limit: 5, count: 3 } } });
    }
    return send(404, { error: { code: "ERR_API_NOT_FOUND", message: "Not found.", source: "chat-api" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  client = createChatClient({ baseUrl: `http://127.0.0.1:${port}/v3`, apiKey: "fixture-key", timeoutMs: 2_000, readRetry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 } });
});
afterAll(async () => {
  await client.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the chat client against the real service's shapes", () => {
  it("reads the awkward flagged list: six items, one set apart as unreadable", async () => {
    const list = await client.listFlaggedMessages();
    expect(list.data.map((m) => `${m.receiverType}:${m.category}:${m.type}`)).toEqual([
      "user:message:text",
      "group:message:image",
      "user:custom:location",
      "group:action:groupMember",
      "user:call:audio",
      "user:interactive:form",
    ]);
    expect(list.unreadable.map((u) => u.id)).toEqual(["107"]);
    expect(list.meta.current).toEqual({ limit: 50, count: 7 });
  });

  it("reads a group's messages around an id, counting an odd one instead of failing", async () => {
    const page = await client.listGroupMessages("cometchat-guid-1", { id: "102", affix: "prepend", limit: 5 });
    expect(page.data.map((m) => m.id)).toEqual(["104", "102"]);
    expect(page.unreadable).toBe(1);
  });

  it("keeps message, devMessage and details of the real error body apart", async () => {
    const error = await client.updateAuthToken("superhero1", "token-1", { platform: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatServiceError);
    expect(error).toMatchObject({
      status: 400,
      code: "ERR_BAD_REQUEST",
      message: "Failed to validate the data sent with the request.",
      extras: { devMessage: "The platform field must be a string.", details: { platform: ["The platform must be a string."] } },
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { startEmulator } from "@/lib/emulator/server";
import { createChatClient, type ChatClient } from "./client";
import { ChatServiceError } from "./errors";
import { observeCalls, type ObservedCall } from "./observed-client";
import { CHAT_ENDPOINTS, CHAT_OPERATION_NAMES, operationRow, type ChatOperation } from "./operations";

/** Arguments for one call of each operation; a new row does not type-check here until it has some. */
const SAMPLES: { [K in ChatOperation]: Parameters<ChatClient[K]> } = {
  pinMessage: ["10001"],
  // The seeded tokens are random: an unknown one is refused by the operation's own handler, not by routing.
  updateAuthToken: ["ana-souza", "ana-souza_unknown", { platform: "ios" }],
  listApiKeys: [],
  addFriends: ["ana-souza", ["kenji-watanabe"]],
  deactivateUsers: [["no-such-user"]],
  getUser: ["ana-souza"],
  listFlaggedMessages: [],
  reviewFlaggedMessage: ["10001", "approved"],
  reactivateUsers: [["ana-souza"]],
  searchDeactivatedUsers: ["ana"],
  searchUsers: ["ana", 5],
  listGroupMessages: ["hiking-club", { id: "10001", affix: "append", limit: 5 }],
  listUserMessages: ["ana-souza", "kenji-watanabe", { id: "10001", affix: "prepend", limit: 5 }],
};

let emulator: Awaited<ReturnType<typeof startEmulator>>;
let client: ChatClient;
const observed: ObservedCall[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  const raw = createChatClient({ baseUrl: emulator.baseUrl, apiKey: EMULATOR_DEMO_API_KEY, timeoutMs: 2_000 });
  client = observeCalls(raw, (call) => observed.push(call));
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});

const callsTo = async (endpoint: string) => {
  const stats = (await (await fetch(`${emulator.url}/__emulator/stats`)).json()) as { requests: { byRoute: Record<string, number> } };
  return stats.requests.byRoute[endpoint] ?? 0;
};

describe("the operations table", () => {
  it("gives each endpoint one key scope, whichever of its operations asks", () => {
    for (const endpoint of CHAT_ENDPOINTS) {
      const scopes = CHAT_OPERATION_NAMES.map(operationRow).filter((row) => `${row.method} ${row.path}` === endpoint.key).map((row) => row.scope);
      expect(new Set(scopes), endpoint.key).toEqual(new Set([endpoint.scope]));
    }
  });

  for (const name of CHAT_OPERATION_NAMES) {
    it(`${name}: reaches its endpoint on the emulator once, reads the answer with its schema, and is observed by name`, async () => {
      const { method, path } = operationRow(name);
      const before = await callsTo(`${method} ${path}`);
      observed.length = 0;
      const run = client[name] as (...args: unknown[]) => Promise<unknown>;
      const outcome = await run(...SAMPLES[name]).catch((error: unknown) => error);
      if (outcome instanceof Error) {
        // A refusal by the operation's own handler: routing would have answered ERR_API_NOT_FOUND.
        expect(outcome).toBeInstanceOf(ChatServiceError);
        expect(outcome).not.toMatchObject({ code: "ERR_API_NOT_FOUND" });
      }
      expect(await callsTo(`${method} ${path}`)).toBe(before + 1);
      expect(observed.map((call) => call.operation)).toEqual([name]);
    });
  }
});

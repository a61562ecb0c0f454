import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "@/lib/testing/harness";

/**
 * Attack: the chat service refuses the dashboard's key (or its app) or goes away during normal
 * work, and the header keeps saying all is well until the next periodic check, while staff read
 * the failure as their own mistake. The checks here run once at start and then not for an hour,
 * so whatever /api/health says afterwards came from the moderator's own call.
 */
let harness: Harness;
let cookie: string;
let healthRoute: Parameters<Harness["call"]>[0];
let userRoute: Parameters<Harness["call"]>[0];

type HealthBody = { status: string; chatService: { ok: boolean; status: string; message: string } };
type ErrorBody = { error: { code: string; message: string } };

beforeAll(async () => {
  harness = await startHarness({ env: { HEALTH_CHECK_MS: "3600000" } });
  cookie = await harness.cookieFor("moderator");
  healthRoute = await import("@/app/api/health/route");
  userRoute = await import("@/app/api/users/[uid]/route");
  const { startHealthMonitor } = await import("@/lib/health/service");
  await startHealthMonitor().checkNow();
});
afterAll(() => harness?.close());
beforeEach(async () => {
  await fetch(`${harness.emulator.url}/__emulator/reset`, { method: "POST" });
  // A success clears whatever the previous case left.
  expect((await readUser()).status).toBe(200);
  expect((await readHealth()).chatService.status).toBe("ok");
});

const fault = (body: object) =>
  fetch(`${harness.emulator.url}/__emulator/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ route: "GET /users/:uid", ...body }),
  }).then((response) => expect(response.status).toBe(200));

const readUser = () => harness.call(userRoute, "GET", "/api/users/ana-souza", { params: { uid: "ana-souza" }, cookie });
const readHealth = async () => (await (await harness.call(healthRoute, "GET", "/api/health")).json()) as HealthBody;

describe("the health status follows the moderator's real calls", () => {
  // The service's error guide gives no HTTP status for its AUTH_ERR_* codes: the code decides.
  const refusals = [
    { authCode: "AUTH_ERR_APIKEY_NOT_FOUND", status: 401, words: /the key was rejected/i },
    { authCode: "AUTH_ERR_APIKEY_NOT_FOUND", status: 403, words: /the key was rejected/i },
    { authCode: "AUTH_ERR_EMPTY_APIKEY", status: 400, words: /the key was rejected/i },
    { authCode: "AUTH_ERR_NO_ACCESS", status: 403, words: /the key lacks the scope/i },
    { authCode: "AUTH_ERR_NO_ACCESS", status: 401, words: /the key lacks the scope/i },
    { authCode: "AUTH_ERR_INVALID_APPID", status: 404, words: /app ID/i },
  ];
  for (const { authCode, status, words } of refusals) {
    it(`${authCode} with HTTP ${status}: the header's health says so at once, and the moderator reads a configuration problem for an admin`, async () => {
      await fault({ kind: "authError", authCode, status });
      const response = await readUser();
      expect(response.status).toBe(502);
      const body = (await response.json()) as ErrorBody;
      expect(body.error.code).toBe("ERR_UPSTREAM_KEY_REJECTED");
      expect(body.error.message).toMatch(/configuration problem/i);
      expect(body.error.message).toMatch(/admin/i);
      expect(body.error.message).toMatch(/not something you did/i);

      const health = await readHealth();
      expect(health).toMatchObject({ status: "degraded", chatService: { ok: false, status: "key_rejected" } });
      expect(health.chatService.message).toMatch(words);
      expect(health.chatService.message).toMatch(/configuration/i);
    });
  }

  it("an unreachable service (the connection dropped) shows at once", async () => {
    await fault({ kind: "reset" });
    expect((await readUser()).status).toBe(502);
    expect((await readHealth()).chatService).toMatchObject({ ok: false, status: "unreachable" });
  });

  it("one call's server error (HTTP 500) says nothing about the key and leaves the health alone", async () => {
    await fault({ kind: "status500" });
    expect((await readUser()).status).toBe(502);
    expect((await readHealth()).chatService.status).toBe("ok");
  });
});

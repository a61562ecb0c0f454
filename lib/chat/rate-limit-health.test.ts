import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readQueueSummary } from "@/lib/testing/queue-pages";
import { startHarness, type Harness } from "@/lib/testing/harness";

/** Issue 18: the dashboard reads the service's rate-limit headers, shows them in health, and backs off near the end of the budget. */
let h: Harness;
let moderator: string;
const routes = {
  health: () => import("@/app/api/health/route"),
  user: () => import("@/app/api/users/[uid]/route"),
};
const settings = (body: unknown) =>
  fetch(`${h.emulator.url}/__emulator/settings`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const getUser = async (uid = "ana-souza") => h.call(await routes.user(), "GET", `/api/users/${uid}`, { params: { uid }, cookie: moderator });

beforeAll(async () => {
  // The emulator's clock stands still: its per-minute budget never refills during a test.
  const emulatorNow = Math.floor(Date.now() / 1000);
  h = await startHarness({ emulatorNow: () => emulatorNow });
  moderator = await h.cookieFor("moderator");
});
afterAll(async () => h.close());
beforeEach(async () => {
  await fetch(`${h.emulator.url}/__emulator/reset`, { method: "POST" });
});

describe("the chat service's rate limit", () => {
  it("is in /api/health under chatService.rateLimit, from the last answer's headers", async () => {
    await settings({ rateLimitPerMinute: 5000 });
    expect((await getUser()).status).toBe(200);
    const health = (await (await h.call(await routes.health(), "GET", "/api/health")).json()) as { chatService: { rateLimit: unknown } };
    expect(health.chatService.rateLimit).toEqual({ limit: 5000, remaining: expect.any(Number), resetAt: null, observedAt: expect.any(Number) });
    expect(JSON.stringify(health)).not.toMatch(/127\.0\.0\.1|apikey/i);
  });

  it("turns a 429 into a 'paused until' error naming when to try again, with Retry-After", async () => {
    await settings({ rateLimitPerMinute: 1 });
    await getUser();
    const refused = await getUser("kenji-watanabe");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("ERR_UPSTREAM_RATE_LIMITED");
    expect(body.error.message).toMatch(/Paused until \d\d:\d\d:\d\d UTC\. Try again in \d+ s\./);
  });

  it("pauses the background sync of the flagged list near the end of the budget, keeping the rest for staff", async () => {
    await settings({ rateLimitPerMinute: 1000 });
    // Spend the budget down to under a tenth, through real calls.
    for (let i = 0; i < 1000; i++) {
      const response = await fetch(`${h.emulator.baseUrl}/users/ana-souza`, { headers: { apikey: "x" } });
      if (Number(response.headers.get("x-rate-limit-remaining")) < 95) break;
    }
    expect((await getUser()).status).toBe(200);
    const before = await h.upstreamRequests();
    expect(await h.sync()).toMatchObject({ ok: false, code: "ERR_UPSTREAM_RATE_LIMITED" });
    const { upstream } = await readQueueSummary(h, moderator);
    expect(upstream).toMatchObject({ ok: false, code: "ERR_UPSTREAM_RATE_LIMITED", message: expect.stringMatching(/^Paused until \d\d:\d\d:\d\d UTC/) });
    expect(await h.upstreamRequests()).toBe(before);
  });
});

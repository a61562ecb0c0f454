import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emulatorControl } from "@/lib/testing/emulator-control";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";

let h: Harness;
let admin: string;
const write = { origin: APP_URL };
const users = () => import("@/app/api/users/route");

const control = (route: string, body: unknown) => emulatorControl(h, route, body);

const deactivate = async (body: unknown) => h.call(await users(), "DELETE", "/api/users", { cookie: admin, body, headers: write });

beforeAll(async () => {
  h = await startHarness();
  admin = await h.cookieFor("admin");
});
afterAll(async () => h.close());

describe("bulk deactivation and the chat service's rate limit", () => {
  it("pauses a bulk run while less than a tenth of the budget is left, and leaves single actions alone", async () => {
    const { chat } = await import("@/lib/chat/service");
    await control("settings", { rateLimitPerMinute: 30 });
    // Spend the minute's budget down to a few requests, as other work would.
    for (let i = 0; i < 30 && (chat().rateLimit()?.remaining ?? 30) > 2; i++) await chat().getUser("ana-souza");
    expect(chat().rateLimit()).toMatchObject({ limit: 30, remaining: 2 });

    const before = await h.upstreamRequests();
    const paused = await deactivate({ uidsToDeactivate: ["kenji-watanabe"], bulkRemaining: 250 });
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await paused.json()).toMatchObject({ error: { code: "ERR_RATE_LIMITED", message: expect.stringContaining("Nothing in this batch was sent") } });
    expect(await h.upstreamRequests()).toBe(before);

    // A single deactivation is a staff member's own action: it may spend the reserve.
    const single = await deactivate({ uidsToDeactivate: ["kenji-watanabe"] });
    expect(single.status).toBe(200);

    // Once the service reports a full budget again, the run goes on.
    await control("settings", { rateLimitPerMinute: 1_000_000 });
    await chat().getUser("ana-souza");
    const resumed = await deactivate({ uidsToDeactivate: ["kenji-watanabe"], bulkRemaining: 249 });
    expect(resumed.status).toBe(200);
  });
});

import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, rateLimit } from "@/lib/db/schema";
import { CLIENT_ADDRESS_HEADER } from "@/lib/net/client-address";
import { APP_URL, PASSWORD, startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { totpFromUri } from "@/lib/testing/totp";

const authRoute = () => import("@/app/api/auth/[...all]/route");
const userRoute = () => import("@/app/api/users/[uid]/route");
const usersRoute = () => import("@/app/api/users/route");
const staffMemberRoute = () => import("@/app/api/staff/[id]/route");

async function authCall(h: Harness, path: string, body: unknown, cookie?: string, ip = "10.9.9.9") {
  return h.call(await authRoute(), "POST", `/api/auth${path}`, { body, cookie, headers: { origin: APP_URL, [CLIENT_ADDRESS_HEADER]: ip } });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

const SESSION_CACHE_MS = 1500;

describe.each(databaseTargets())("staff sign-in on $name", (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ target, env: { SIGN_IN_RATE_LIMIT: "3", SIGN_IN_RATE_WINDOW_SECONDS: "60", SESSION_CACHE_MS: String(SESSION_CACHE_MS) } });
  });
  afterAll(async () => h.close());

  const lastAudit = async (action: string) =>
    (await h.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

  it("signs in with email and password, stores the session and records it", async () => {
    const { response, cookie } = await h.signIn("mod@test.example");
    expect(response.status).toBe(200);
    expect(cookie).toMatch(/session_token=/);
    const user = await h.call(await userRoute(), "GET", "/api/users/ana-souza", { cookie, params: { uid: "ana-souza" } });
    expect(user.status).toBe(200);
    expect(await lastAudit("auth.sign_in")).toMatchObject({ outcome: "success", staffEmail: "mod@test.example" });
  });

  it("refuses a wrong password and records the failure", async () => {
    const response = await authCall(h, "/sign-in/email", { email: "mod@test.example", password: "wrong-password" }, undefined, "10.2.2.2");
    expect(response.status).toBe(401);
    expect(await lastAudit("auth.sign_in")).toMatchObject({ outcome: "failure", detail: expect.objectContaining({ email: "mod@test.example" }) });
  });

  it("rate-limits sign-in attempts in the shared database", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await authCall(h, "/sign-in/email", { email: "x@test.example", password: "nope-nope-nope" }, undefined, "10.3.3.3")).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const rows = await h.db.select().from(rateLimit);
    expect(rows.some((r) => r.key.includes("10.3.3.3") && r.count >= 3)).toBe(true);
  });

  it("ends a disabled account's sessions and refuses its sign-in", async () => {
    const { addStaff, setStaffDisabled } = await import("@/lib/staff/staff-store");
    await addStaff(h.db, { email: "leaver@test.example", role: "moderator", password: PASSWORD });
    const { cookie } = await h.signIn("leaver@test.example");
    await setStaffDisabled(h.db, "leaver@test.example", true);
    const after = await h.call(await userRoute(), "GET", "/api/users/ana-souza", { cookie, params: { uid: "ana-souza" } });
    expect(after.status).toBe(401);
    const again = await authCall(h, "/sign-in/email", { email: "leaver@test.example", password: PASSWORD }, undefined, "10.4.4.4");
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(cookieOf(again)).not.toMatch(/session_token=[^;]+/);
  });

  it("reuses a checked session for SESSION_CACHE_MS, so a change made outside this process (the staff CLI) shows within it", async () => {
    const { addStaff, setStaffDisabled } = await import("@/lib/staff/staff-store");
    await addStaff(h.db, { email: "elsewhere@test.example", role: "moderator", password: PASSWORD });
    const { cookie } = await h.signIn("elsewhere@test.example");
    const getUser = async () => (await h.call(await userRoute(), "GET", "/api/users/ana-souza", { cookie, params: { uid: "ana-souza" } })).status;
    // Only the clock is faked: the database and the routes run for real.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      expect(await getUser()).toBe(200);
      await setStaffDisabled(h.db, "elsewhere@test.example", true);
      expect(await getUser()).toBe(200);
      vi.setSystemTime(Date.now() + SESSION_CACHE_MS + 100);
      expect(await getUser()).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("forgets a cached session at once on sign-out and when an admin disables the account", async () => {
    const { addStaff } = await import("@/lib/staff/staff-store");
    const mover = await addStaff(h.db, { email: "mover@test.example", role: "moderator", password: PASSWORD });
    const getUser = async (cookie: string) =>
      (await h.call(await userRoute(), "GET", "/api/users/ana-souza", { cookie, params: { uid: "ana-souza" } })).status;

    const first = (await h.signIn("mover@test.example")).cookie;
    expect(await getUser(first)).toBe(200);
    expect((await authCall(h, "/sign-out", {}, first)).status).toBe(200);
    expect(await getUser(first)).toBe(401);

    const second = (await h.signIn("mover@test.example")).cookie;
    expect(await getUser(second)).toBe(200);
    const admin = await h.cookieFor("admin");
    const disable = await h.call(await staffMemberRoute(), "PATCH", `/api/staff/${mover.id}`, {
      cookie: admin,
      params: { id: mover.id },
      body: { disabled: true },
      headers: { origin: APP_URL },
    });
    expect(disable.status).toBe(200);
    expect(await getUser(second)).toBe(401);
  });

  it("sets up TOTP and then signs in with a code, and once with a recovery code", async () => {
    const { addStaff } = await import("@/lib/staff/staff-store");
    await addStaff(h.db, { email: "careful@test.example", role: "admin", password: PASSWORD });
    const { cookie } = await h.signIn("careful@test.example");
    const enable = await authCall(h, "/two-factor/enable", { password: PASSWORD }, cookie);
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const verify = await authCall(h, "/two-factor/verify-totp", { code: totpFromUri(totpURI) }, cookie);
    expect(verify.status).toBe(200);

    const first = await authCall(h, "/sign-in/email", { email: "careful@test.example", password: PASSWORD }, undefined, "10.5.5.5");
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    expect(cookieOf(first)).not.toMatch(/session_token=[^;]/);
    const withCode = await authCall(h, "/two-factor/verify-totp", { code: totpFromUri(totpURI) }, cookieOf(first), "10.5.5.5");
    expect(withCode.status).toBe(200);
    expect(cookieOf(withCode)).toMatch(/session_token=[^;]/);

    const second = await authCall(h, "/sign-in/email", { email: "careful@test.example", password: PASSWORD }, undefined, "10.6.6.6");
    const recovery = backupCodes[0] ?? "";
    const withRecovery = await authCall(h, "/two-factor/verify-backup-code", { code: recovery }, cookieOf(second), "10.6.6.6");
    expect(withRecovery.status).toBe(200);
    const third = await authCall(h, "/sign-in/email", { email: "careful@test.example", password: PASSWORD }, undefined, "10.7.7.7");
    const reused = await authCall(h, "/two-factor/verify-backup-code", { code: recovery }, cookieOf(third), "10.7.7.7");
    expect(reused.status).toBeGreaterThanOrEqual(400);
  });

  it("refuses a cross-origin write and changes nothing", async () => {
    const cookie = await h.cookieFor("admin");
    await fetch(`${h.emulator.url}/__emulator/stats/reset`, { method: "POST" });
    const response = await h.call(await usersRoute(), "DELETE", "/api/users", {
      cookie,
      body: { uidsToDeactivate: ["ana-souza"] },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "ERR_CROSS_ORIGIN" } });
    const stats = (await (await fetch(`${h.emulator.url}/__emulator/stats`)).json()) as { requests: { total: number } };
    expect(stats.requests.total).toBe(0);
    const same = await h.call(await usersRoute(), "DELETE", "/api/users", { cookie, body: { uidsToDeactivate: ["ana-souza"] }, headers: { origin: APP_URL } });
    expect(same.status).toBe(200);
  });

  it("writes an audit row for an action and for its upstream failure", async () => {
    const cookie = await h.cookieFor("moderator");
    await h.call(await usersRoute(), "DELETE", "/api/users", { cookie, body: { uidsToDeactivate: ["kenji-watanabe", "nobody"] }, headers: { origin: APP_URL } });
    const ok = await lastAudit("users.deactivate");
    expect(ok).toMatchObject({ outcome: "success", staffEmail: "mod@test.example", staffRole: "moderator", targetUids: ["kenji-watanabe", "nobody"] });
    expect(ok?.detail).toMatchObject({ asked: ["kenji-watanabe", "nobody"], deactivatedUids: ["kenji-watanabe"] });
    expect(ok?.requestId).toMatch(/[0-9a-f-]{36}/);

    const pin = await import("@/app/api/messages/[id]/pin/route");
    const failed = await h.call(pin, "POST", "/api/messages/999999/pin", { cookie, params: { id: "999999" }, headers: { origin: APP_URL } });
    expect(failed.status).toBe(404);
    const row = (await h.db.select().from(auditLog).where(and(eq(auditLog.action, "message.pin"), eq(auditLog.targetMessageId, "999999"))))[0];
    expect(row).toMatchObject({ outcome: "failure", errorStatus: 404, errorCode: "ERR_MESSAGE_ID_NOT_FOUND" });
  });
});

describe("two-factor policy", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { REQUIRE_2FA: "all" } });
  });
  afterAll(async () => h.close());

  it("sends staff without two-factor to set it up before anything else", async () => {
    const cookie = await h.cookieFor("moderator");
    const response = await h.call(await userRoute(), "GET", "/api/users/ana-souza", { cookie, params: { uid: "ana-souza" } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "ERR_TWO_FACTOR_REQUIRED" } });
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, signInThrottle } from "@/lib/db/schema";
import type { SlowedStaff } from "@/lib/staff/staff-schemas";
import { APP_URL, PASSWORD, startHarness, type Harness } from "@/lib/testing/harness";
import { newStaff } from "@/lib/testing/staff-accounts";
import { databaseTargets } from "@/lib/testing/test-databases";

/**
 * Attack: guessing one account's password from many addresses (each attempt a fresh bucket of the
 * per-address limit). After a few failures the account's attempts wait 1, 2, 4… seconds (capped),
 * answered 429 with Retry-After; the delay is audited, a success resets it, and an admin sees and
 * clears it. Time is moved with a fake clock (Date only), never waited for.
 */
let h: Harness;
const ADMIN = "admin@test.example";
const MOD = "mod@test.example";

describe.each(databaseTargets())("guessing one account's password on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target, env: { SIGN_IN_ACCOUNT_FREE_FAILURES: "3", SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS: "4" } });
  });
  afterAll(async () => h.close());
  afterEach(() => vi.useRealTimers());

  const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  it("slows the account after a few failures from different addresses, audits it, and a success resets it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    for (let i = 0; i < 3; i++) expect((await h.signIn(MOD, "wrong-password-1")).response.status).toBe(401);
    const delayed = (await h.signIn(MOD)).response;
    expect(delayed.status).toBe(429);
    expect(delayed.headers.get("retry-after")).toBe("1");
    expect(((await delayed.json()) as { code: string }).code).toBe("SIGN_IN_DELAYED");
    const audits = await h.db.select().from(auditLog).where(eq(auditLog.action, "auth.sign_in_delayed"));
    expect(audits.map((a) => a.detail)).toContainEqual({ email: MOD, failures: 3, delaySeconds: 1 });
    // The refused attempt is audited like any failed sign-in, with the reason and the account it tried.
    const refused = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "auth.sign_in"), eq(auditLog.errorCode, "SIGN_IN_DELAYED")));
    expect(refused).toEqual([expect.objectContaining({ outcome: "failure", errorStatus: 429, detail: expect.objectContaining({ method: "password", email: MOD }) })]);

    later(2);
    expect((await h.signIn(MOD)).response.status).toBe(200);
    expect(await h.db.select().from(signInThrottle).where(eq(signInThrottle.email, MOD))).toEqual([]);
  });

  it("doubles the delay up to the cap, so an attacker cannot keep the account out for long", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const waits: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { response } = await h.signIn(ADMIN, "wrong-password-2");
      if (response.status === 429) {
        waits.push(response.headers.get("retry-after") ?? "");
        later(Number(response.headers.get("retry-after")));
        await h.signIn(ADMIN, "wrong-password-2");
      }
    }
    expect(waits.length).toBeGreaterThan(2);
    expect(waits.every((w) => Number(w) >= 1 && Number(w) <= 4)).toBe(true);
    expect(waits).toContain("4");
  });

  it("slows password guesses on the account page like sign-in guesses: a stolen session guesses no faster", async () => {
    await newStaff(h, "guesser@test.example", "moderator");
    const { cookie } = await h.signIn("guesser@test.example");
    const passwordRoute = await import("@/app/api/account/password/route");
    const confirm = async (currentPassword: string) =>
      h.call(passwordRoute, "PUT", "/api/account/password", { cookie, headers: { origin: APP_URL }, body: { currentPassword, newPassword: "guessed-it-at-last-1" } });
    vi.useFakeTimers({ toFake: ["Date"] });
    for (let i = 0; i < 3; i++) expect((await confirm("a-wrong-guess")).status).toBe(403);
    // After the free failures even the right password waits.
    const delayed = await confirm(PASSWORD);
    expect(delayed.status).toBe(429);
    expect(delayed.headers.get("retry-after")).toBe("1");
    expect(await delayed.json()).toMatchObject({ error: { code: "ERR_RATE_LIMITED", message: "Too many wrong passwords for this account. Try again in 1 second." } });
    later(1.5);
    expect((await confirm(PASSWORD)).status).toBe(200);
  });

  it("lists the slowed staff member for an admin, who can clear the delay (audited)", async () => {
    // The previous case left the admin slowed: cleared here as an admin's unlock would.
    await h.db.delete(signInThrottle).where(eq(signInThrottle.email, ADMIN));
    const admin = await h.cookieFor("admin");
    const moderator = await h.cookieFor("moderator");
    // The fourth attempt is refused while the delay runs, so it does not count.
    for (let i = 0; i < 4; i++) await h.signIn(MOD, "wrong-password-3");
    const list = await h.call(await import("@/app/api/staff/sign-in-delays/route"), "GET", "/api/staff/sign-in-delays", { cookie: admin });
    expect(list.status).toBe(200);
    const slowed = ((await list.json()) as { data: SlowedStaff[] }).data;
    expect(slowed.map((s) => [s.email, s.failures])).toEqual([[MOD, 3]]);

    const unlockRoute = await import("@/app/api/staff/[id]/sign-in-delay/route");
    const unlock = (cookie: string) =>
      h.call(unlockRoute, "DELETE", `/api/staff/${h.staffIds.moderator}/sign-in-delay`, { cookie, params: { id: h.staffIds.moderator }, headers: { origin: APP_URL } });
    expect((await unlock(moderator)).status).toBe(403);
    expect((await unlock(admin)).status).toBe(200);
    expect((await h.signIn(MOD)).response.status).toBe(200);
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "staff.sign_in_unlock"), eq(auditLog.outcome, "success")));
    expect(audit.map((a) => a.detail)).toEqual([{ email: MOD, cleared: true }]);
  });
});

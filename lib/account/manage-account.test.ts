import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, staff } from "@/lib/db/schema";
import { APP_URL, PASSWORD, startHarness, type Harness } from "@/lib/testing/harness";
import { authCall, cookieOf, isSignedIn, lastAudit, newStaff, signInWithTwoFactor } from "@/lib/testing/staff-accounts";

const passwordRoute = () => import("@/app/api/account/password/route");
const recoveryCodesRoute = () => import("@/app/api/account/recovery-codes/route");
const twoFactorRoute = () => import("@/app/api/account/two-factor/route");

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { REQUIRE_2FA: "admins", SIGN_IN_ACCOUNT_FREE_FAILURES: "3" } });
});
afterAll(async () => h.close());

const headers = { origin: APP_URL };

describe("a staff member's own account", () => {
  it("changes the password with the current one, ends the other sessions, keeps this one and audits it", async () => {
    await newStaff(h, "changer@test.example", "moderator");
    const here = (await h.signIn("changer@test.example")).cookie;
    const elsewhere = (await h.signIn("changer@test.example")).cookie;

    const wrong = await h.call(await passwordRoute(), "PUT", "/api/account/password", {
      cookie: here,
      headers,
      body: { currentPassword: "not-my-password", newPassword: "a-new-password-1" },
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: { code: "ERR_WRONG_PASSWORD", message: "That password is not right." } });
    expect(await lastAudit(h, "account.password.change")).toMatchObject({ outcome: "failure", staffEmail: "changer@test.example" });

    const changed = await h.call(await passwordRoute(), "PUT", "/api/account/password", {
      cookie: here,
      headers,
      body: { currentPassword: PASSWORD, newPassword: "a-new-password-1" },
    });
    expect(changed.status).toBe(200);
    expect(await isSignedIn(h, cookieOf(changed))).toBe(true);
    expect(await isSignedIn(h, elsewhere)).toBe(false);
    expect(await isSignedIn(h, here)).toBe(false);
    expect((await h.signIn("changer@test.example")).response.status).toBe(401);
    expect((await h.signIn("changer@test.example", "a-new-password-1")).response.status).toBe(200);
    const audit = await lastAudit(h, "account.password.change");
    expect(audit).toMatchObject({ outcome: "success", detail: { email: "changer@test.example", otherSessions: "signed out" } });
    expect(JSON.stringify(audit)).not.toContain("a-new-password-1");
  });

  it("refuses a new password shorter than sign-in accepts, naming the field", async () => {
    const cookie = await h.cookieFor("moderator");
    const short = await h.call(await passwordRoute(), "PUT", "/api/account/password", { cookie, headers, body: { currentPassword: PASSWORD, newPassword: "short" } });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: { message: "body.newPassword: at least 10 characters" } });
  });

  it("regenerates recovery codes with the password: the old codes stop working, the new ones sign in", async () => {
    await newStaff(h, "recovering@test.example", "moderator");
    const { cookie, backupCodes } = await signInWithTwoFactor(h, "recovering@test.example");

    const wrong = await h.call(await recoveryCodesRoute(), "POST", "/api/account/recovery-codes", { cookie, headers, body: { password: "not-my-password" } });
    expect(wrong.status).toBe(403);
    const fresh = await h.call(await recoveryCodesRoute(), "POST", "/api/account/recovery-codes", { cookie, headers, body: { password: PASSWORD } });
    expect(fresh.status).toBe(200);
    const { data } = (await fresh.json()) as { data: { recoveryCodes: string[] } };
    expect(data.recoveryCodes).toHaveLength(10);
    expect(data.recoveryCodes).not.toContain(backupCodes[0]);

    const useCode = async (code: string) => {
      const first = await h.signIn("recovering@test.example");
      return (await authCall(h, "/two-factor/verify-backup-code", { code }, cookieOf(first.response))).status;
    };
    expect(await useCode(backupCodes[0] ?? "")).toBeGreaterThanOrEqual(400);
    expect(await useCode(data.recoveryCodes[0] ?? "")).toBe(200);
    const audit = await lastAudit(h, "account.recovery_codes.regenerate");
    expect(audit).toMatchObject({ outcome: "success", detail: { email: "recovering@test.example", codes: 10 } });
    expect(JSON.stringify(audit)).not.toContain(data.recoveryCodes[0]);
  });

  it("turns two-factor off for a moderator when only admins must have it, and audits it", async () => {
    const id = await newStaff(h, "relaxed@test.example", "moderator");
    const { cookie } = await signInWithTwoFactor(h, "relaxed@test.example");
    const off = await h.call(await twoFactorRoute(), "DELETE", "/api/account/two-factor", { cookie, headers, body: { password: PASSWORD } });
    expect(off.status).toBe(200);
    expect(await isSignedIn(h, cookieOf(off))).toBe(true);
    const [row] = await h.db.select({ on: staff.twoFactorEnabled }).from(staff).where(eq(staff.id, id));
    expect(row?.on).toBe(false);
    expect(await lastAudit(h, "account.two_factor.disable")).toMatchObject({ outcome: "success", staffEmail: "relaxed@test.example" });
  });

  it("refuses to turn two-factor off for an admin when admins must have it, saying why, and audits the refusal", async () => {
    const id = await newStaff(h, "strict-admin@test.example", "admin");
    const { cookie } = await signInWithTwoFactor(h, "strict-admin@test.example");
    const off = await h.call(await twoFactorRoute(), "DELETE", "/api/account/two-factor", { cookie, headers, body: { password: PASSWORD } });
    expect(off.status).toBe(403);
    expect(await off.json()).toMatchObject({ error: { code: "ERR_FORBIDDEN", message: expect.stringContaining("requires it for admins") } });
    const [row] = await h.db.select({ on: staff.twoFactorEnabled }).from(staff).where(eq(staff.id, id));
    expect(row?.on).toBe(true);
    const refused = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.two_factor.disable"), eq(auditLog.staffEmail, "strict-admin@test.example")));
    expect(refused).toMatchObject([{ outcome: "failure", errorStatus: 403 }]);
  });

  it("closes better-auth's own endpoints for these changes to browsers, so the policy and audit cannot be skipped", async () => {
    await newStaff(h, "sidestep@test.example", "admin");
    const { cookie } = await signInWithTwoFactor(h, "sidestep@test.example");
    for (const [path, body] of [
      ["/two-factor/disable", { password: PASSWORD }],
      ["/two-factor/generate-backup-codes", { password: PASSWORD }],
      ["/change-password", { currentPassword: PASSWORD, newPassword: "sidestepped-1" }],
    ] as const) {
      expect((await authCall(h, path, body, cookie)).status).toBe(404);
    }
    const [row] = await h.db.select({ on: staff.twoFactorEnabled }).from(staff).where(eq(staff.email, "sidestep@test.example"));
    expect(row?.on).toBe(true);
    expect((await h.signIn("sidestep@test.example")).response.status).toBe(200);
  });
});

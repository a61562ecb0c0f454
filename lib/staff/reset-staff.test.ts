import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staff, twoFactor } from "@/lib/db/schema";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { isSignedIn, lastAudit, newStaff, signInWithTwoFactor } from "@/lib/testing/staff-accounts";

const passwordRoute = () => import("@/app/api/staff/[id]/password/route");
const twoFactorRoute = () => import("@/app/api/staff/[id]/two-factor/route");

let h: Harness;
let admin: string;
let adminId: string;
beforeAll(async () => {
  h = await startHarness({ env: { REQUIRE_2FA: "admins" } });
  adminId = await newStaff(h, "resetting-admin@test.example", "admin");
  admin = (await signInWithTwoFactor(h, "resetting-admin@test.example")).cookie;
});
afterAll(async () => h.close());

const headers = { origin: APP_URL };

describe("an admin resetting another staff member's sign-in", () => {
  it("resets two-factor: they are signed out, sign in with the password alone, and an admin must set it up again", async () => {
    const id = await newStaff(h, "lost-phone@test.example", "admin");
    const { cookie } = await signInWithTwoFactor(h, "lost-phone@test.example");

    const reset = await h.call(await twoFactorRoute(), "DELETE", `/api/staff/${id}/two-factor`, { cookie: admin, headers, params: { id } });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ data: { id, email: "lost-phone@test.example", twoFactorEnabled: false, mustSetUpAgain: true } });
    expect(await isSignedIn(h, cookie)).toBe(false);
    expect(await h.db.select().from(twoFactor).where(eq(twoFactor.userId, id))).toEqual([]);

    const again = await h.signIn("lost-phone@test.example");
    expect(await again.response.json()).not.toMatchObject({ twoFactorRedirect: true });
    const directory = await import("@/app/api/staff/directory/route");
    const blocked = await h.call(directory, "GET", "/api/staff/directory", { cookie: again.cookie });
    expect(await blocked.json()).toMatchObject({ error: { code: "ERR_TWO_FACTOR_REQUIRED" } });
    expect(await lastAudit(h, "staff.two_factor.reset")).toMatchObject({
      outcome: "success",
      staffEmail: "resetting-admin@test.example",
      detail: { email: "lost-phone@test.example", wasOn: true },
    });
  });

  it("resets a password to one the admin chose: the old one and every session stop working", async () => {
    const id = await newStaff(h, "chosen@test.example", "moderator");
    const { cookie } = await h.signIn("chosen@test.example");
    const reset = await h.call(await passwordRoute(), "PUT", `/api/staff/${id}/password`, { cookie: admin, headers, params: { id }, body: { password: "temporary-pass-1" } });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ data: { id, email: "chosen@test.example" } });
    expect(await isSignedIn(h, cookie)).toBe(false);
    expect((await h.signIn("chosen@test.example")).response.status).toBe(401);
    expect((await h.signIn("chosen@test.example", "temporary-pass-1")).response.status).toBe(200);
    const audit = await lastAudit(h, "staff.password.reset");
    expect(audit).toMatchObject({ outcome: "success", detail: { email: "chosen@test.example", password: "set by admin" } });
    expect(JSON.stringify(audit)).not.toContain("temporary-pass-1");
  });

  it("generates a password when asked, answers it once and never audits it", async () => {
    const id = await newStaff(h, "generated@test.example", "moderator");
    const reset = await h.call(await passwordRoute(), "PUT", `/api/staff/${id}/password`, { cookie: admin, headers, params: { id }, body: { password: null } });
    const { data } = (await reset.json()) as { data: { temporaryPassword: string } };
    expect(data.temporaryPassword).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect((await h.signIn("generated@test.example", data.temporaryPassword)).response.status).toBe(200);
    const audit = await lastAudit(h, "staff.password.reset");
    expect(audit).toMatchObject({ detail: { email: "generated@test.example", password: "generated" } });
    expect(JSON.stringify(audit)).not.toContain(data.temporaryPassword);
  });

  it("refuses to reset the admin's own password or two-factor (the account page asks for the current password)", async () => {
    const own = await h.call(await passwordRoute(), "PUT", `/api/staff/${adminId}/password`, { cookie: admin, headers, params: { id: adminId }, body: { password: null } });
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ error: { message: expect.stringContaining("account page") } });
    const ownTwoFactor = await h.call(await twoFactorRoute(), "DELETE", `/api/staff/${adminId}/two-factor`, { cookie: admin, headers, params: { id: adminId } });
    expect(ownTwoFactor.status).toBe(400);
    const [row] = await h.db.select({ on: staff.twoFactorEnabled }).from(staff).where(eq(staff.id, adminId));
    expect(row?.on).toBe(true);
  });

  it("answers 404 for an unknown staff member", async () => {
    const id = crypto.randomUUID();
    const response = await h.call(await twoFactorRoute(), "DELETE", `/api/staff/${id}/two-factor`, { cookie: admin, headers, params: { id } });
    expect(response.status).toBe(404);
  });
});


import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, staff } from "@/lib/db/schema";
import { addStaff, StaffError } from "@/lib/staff/staff-store";
import { startHarness, type Harness } from "@/lib/testing/harness";

/**
 * Attack: an admin (or a script with an admin's session) creates a staff account with neither a
 * password nor single sign-on configured. Nobody can ever sign in to it, yet it lists as a working
 * account, and whoever later sets up SSO with a matching email inherits its role unnoticed.
 */
let harness: Harness;
let adminCookie: string;
let staffRoute: Parameters<Harness["call"]>[0];

beforeAll(async () => {
  harness = await startHarness();
  adminCookie = await harness.cookieFor("admin");
  staffRoute = await import("@/app/api/staff/route");
});
afterAll(() => harness?.close());

describe("a staff account needs a way to sign in", () => {
  it("without single sign-on, the API refuses an account without a password with a 400 naming the field, creates nothing and audits the refusal", async () => {
    const response = await harness.call(staffRoute, "POST", "/api/staff", {
      cookie: adminCookie,
      headers: { origin: "http://localhost:3999" },
      body: { email: "nobody@test.example", role: "moderator" },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("ERR_BAD_REQUEST");
    expect(body.error.message).toMatch(/password/);
    expect(await harness.db.select().from(staff).where(eq(staff.email, "nobody@test.example"))).toEqual([]);
    const rows = await harness.db.select().from(auditLog).where(eq(auditLog.action, "staff.add"));
    expect(rows.map((r) => r.outcome)).toEqual(["failure"]);
  });

  it("the store refuses it too (the command line and every other caller), and allows it when single sign-on is configured", async () => {
    await expect(addStaff(harness.db, { email: "cli@test.example", role: "admin" })).rejects.toBeInstanceOf(StaffError);
    expect(await harness.db.select().from(staff).where(eq(staff.email, "cli@test.example"))).toEqual([]);
    const created = await addStaff(harness.db, { email: "sso@test.example", role: "moderator", singleSignOn: true });
    expect(created.email).toBe("sso@test.example");
  });
});

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, staffSession } from "@/lib/db/schema";
import { EMULATOR_API_KEYS, EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { keyId } from "@/lib/moderation/api-keys";
import { addStaff } from "@/lib/staff/staff-store";
import { APP_URL, PASSWORD, startHarness, type Harness } from "@/lib/testing/harness";
import { totpFromUri } from "@/lib/testing/totp";

/**
 * Attack: someone with an admin's session (a laptop left open, a stolen cookie) reveals or copies
 * another fullAccess key of the app, which works without the dashboard and never expires. A reveal
 * now needs a proof of presence in that session within 5 minutes: the password, or the
 * authenticator code when two-factor is on.
 */
let harness: Harness;
let revealRoute: Parameters<Harness["call"]>[0];
let presenceRoute: Parameters<Harness["call"]>[0];
const other = EMULATOR_API_KEYS.find((key) => key.scope === "fullAccess" && key.apiKey !== EMULATOR_DEMO_API_KEY);
if (!other) throw new Error("the emulator seed has no second fullAccess key");
const id = keyId(other.apiKey);

type ErrorBody = { error: { code: string; message: string } };
const headers = { origin: APP_URL };
const reveal = (cookie: string) => harness.call(revealRoute, "POST", `/api/apikeys/${id}/reveal`, { cookie, params: { id }, body: { purpose: "copy" }, headers });
const confirm = (cookie: string, body: object) => harness.call(presenceRoute, "POST", "/api/me/presence", { cookie, body, headers });

beforeAll(async () => {
  harness = await startHarness();
  revealRoute = await import("@/app/api/apikeys/[id]/reveal/route");
  presenceRoute = await import("@/app/api/me/presence/route");
});
afterAll(() => harness?.close());

describe("revealing another fullAccess key", () => {
  it("is refused with 403 ERR_PRESENCE_REQUIRED without a fresh proof, and the refusal is audited", async () => {
    const cookie = await harness.cookieFor("admin");
    const response = await reveal(cookie);
    expect(response.status).toBe(403);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("ERR_PRESENCE_REQUIRED");
    expect(JSON.stringify(body)).not.toContain(other.apiKey);
    const rows = await harness.db.select().from(auditLog).where(and(eq(auditLog.action, "apikey.copy"), eq(auditLog.staffId, harness.staffIds.admin)));
    expect(rows.map((r) => [r.outcome, r.errorCode])).toEqual([["failure", "ERR_PRESENCE_REQUIRED"]]);
  });

  it("a wrong password proves nothing; the right one opens this session (only) for 5 minutes", async () => {
    const cookie = await harness.cookieFor("admin");
    const wrong = await confirm(cookie, { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).error.message).toMatch(/^password: /);
    expect((await reveal(cookie)).status).toBe(403);

    expect((await confirm(cookie, { password: PASSWORD })).status).toBe(200);
    const revealed = await reveal(cookie);
    expect(revealed.status).toBe(200);
    expect(((await revealed.json()) as { data: { apiKey: string } }).data.apiKey).toBe(other.apiKey);

    const elsewhere = await harness.cookieFor("admin");
    expect((await reveal(elsewhere)).status).toBe(403);

    // Six minutes later (the proof's time moved back, as the clock is the database's).
    await harness.db.update(staffSession).set({ presenceVerifiedAt: sql`now() - interval '6 minutes'` }).where(eq(staffSession.userId, harness.staffIds.admin));
    expect((await reveal(cookie)).status).toBe(403);
  });

  it("with two-factor on, the authenticator code is asked for, not the password", async () => {
    await addStaff(harness.db, { email: "tfa-admin@test.example", role: "admin", password: PASSWORD });
    const { cookie: setup } = await harness.signIn("tfa-admin@test.example");
    const authRoute = await import("@/app/api/auth/[...all]/route");
    const enable = await harness.call(authRoute, "POST", "/api/auth/two-factor/enable", { cookie: setup, body: { password: PASSWORD }, headers });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const verify = await harness.call(authRoute, "POST", "/api/auth/two-factor/verify-totp", { cookie: setup, body: { code: totpFromUri(totpURI) }, headers });
    expect(verify.status).toBe(200);
    const cookie = verify.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    expect((await confirm(cookie, { password: PASSWORD })).status).toBe(400);
    expect((await reveal(cookie)).status).toBe(403);
    expect((await confirm(cookie, { code: totpFromUri(totpURI) })).status).toBe(200);
    expect((await reveal(cookie)).status).toBe(200);
  });

  it("stops checking after 5 wrong proofs in 15 minutes", async () => {
    await addStaff(harness.db, { email: "guessed@test.example", role: "admin", password: PASSWORD });
    const { cookie } = await harness.signIn("guessed@test.example");
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await confirm(cookie, { password: `guess-${i}-wrong` })).status);
    expect(statuses.every((status) => status === 400)).toBe(true);
    expect((await confirm(cookie, { password: PASSWORD })).status).toBe(429);
  });
});

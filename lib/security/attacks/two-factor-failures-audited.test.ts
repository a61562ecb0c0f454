import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { addStaff } from "@/lib/staff/staff-store";
import { APP_URL, PASSWORD, startHarness, type Harness } from "@/lib/testing/harness";
import { totpFromUri } from "@/lib/testing/totp";

/**
 * Attack: someone who has an account's password guesses its second factor. Each wrong code was
 * audited with no actor and no email, so an admin reading the log could not see that one account's
 * password was known and its codes were being guessed.
 */
let harness: Harness;
let authRoute: Parameters<Harness["call"]>[0];
const EMAIL = "guarded@test.example";

const authCall = (path: string, body: unknown, cookie?: string) =>
  harness.call(authRoute, "POST", `/api/auth${path}`, { body, cookie, headers: { origin: APP_URL, "x-forwarded-for": "10.44.0.1" } });

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

beforeAll(async () => {
  harness = await startHarness();
  authRoute = await import("@/app/api/auth/[...all]/route");
  await addStaff(harness.db, { email: EMAIL, role: "admin", password: PASSWORD });
  const { cookie } = await harness.signIn(EMAIL);
  const enable = await authCall("/two-factor/enable", { password: PASSWORD }, cookie);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  expect((await authCall("/two-factor/verify-totp", { code: totpFromUri(totpURI) }, cookie)).status).toBe(200);
});
afterAll(() => harness?.close());

describe("failed second factors", () => {
  it("each wrong authenticator or recovery code, the last allowed one included, is audited against the account whose password was given", async () => {
    const pending = await authCall("/sign-in/email", { email: EMAIL, password: PASSWORD });
    expect(await pending.json()).toMatchObject({ twoFactorRedirect: true });
    const cookie = cookieOf(pending);
    for (const [path, code] of [
      ["/two-factor/verify-totp", "000000"],
      ["/two-factor/verify-backup-code", "not-a-recovery-code"],
      ["/two-factor/verify-totp", "111111"],
      ["/two-factor/verify-totp", "222222"],
      ["/two-factor/verify-totp", "333333"],
      ["/two-factor/verify-totp", "444444"],
    ] as const) {
      // Past the plugin's allowance the pending sign-in is void: still a failure of this account.
      expect((await authCall(path, { code }, cookie)).status).toBeGreaterThanOrEqual(400);
    }
    const failures = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "auth.two_factor"), eq(auditLog.outcome, "failure")));
    expect(failures).toHaveLength(6);
    for (const row of failures) {
      expect(row.staffEmail).toBe(EMAIL);
      expect(row.detail).toMatchObject({ email: EMAIL });
    }
  });
});

import { desc, eq } from "drizzle-orm";
import type { AuditAction } from "@/lib/audit/actions";
import { auditLog, type StaffRole } from "@/lib/db/schema";
import { CLIENT_ADDRESS_HEADER } from "@/lib/net/client-address";
import { APP_URL, PASSWORD, type Harness } from "./harness";

/** Staff accounts in tests of account changes: making them, and reading what became of them. */
import { totpFromUri } from "./totp";

type RouteModule = Parameters<Harness["call"]>[0];

export const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

let calls = 0;

/**
 * One call to better-auth's own HTTP endpoints, as a browser on the dashboard's origin makes it,
 * each from its own client address so the library's per-address limits stay out of the way.
 */
export async function authCall(h: Harness, path: string, body: unknown, cookie?: string): Promise<Response> {
  const authRoute = (await import("@/app/api/auth/[...all]/route")) as unknown as RouteModule;
  const address = `10.200.${Math.floor(++calls / 250) % 250}.${calls % 250}`;
  return h.call(authRoute, "POST", `/api/auth${path}`, { body, cookie, headers: { origin: APP_URL, [CLIENT_ADDRESS_HEADER]: address } });
}

/**
 * Signs a staff member in and turns two-factor on through better-auth's endpoints, as the account
 * page does. The plugin replaces the session when it turns on, so the new cookie is returned.
 */
export async function signInWithTwoFactor(h: Harness, email: string, password = PASSWORD) {
  const { cookie } = await h.signIn(email, password);
  const enable = await authCall(h, "/two-factor/enable", { password }, cookie);
  if (!enable.ok) throw new Error(`two-factor/enable failed: ${enable.status}`);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const verify = await authCall(h, "/two-factor/verify-totp", { code: totpFromUri(totpURI) }, cookie);
  if (!verify.ok) throw new Error(`two-factor/verify-totp failed: ${verify.status}`);
  return { cookie: cookieOf(verify) || cookie, totpURI, backupCodes };
}

/** A new staff account with the harness's password; its id. */
export async function newStaff(h: Harness, email: string, role: StaffRole): Promise<string> {
  const { addStaff } = await import("@/lib/staff/staff-store");
  return (await addStaff(h.db, { email, role, password: PASSWORD })).id;
}

/** Whether a session cookie still opens the dashboard's API. */
export async function isSignedIn(h: Harness, cookie: string): Promise<boolean> {
  const directory = (await import("@/app/api/staff/directory/route")) as unknown as RouteModule;
  return (await h.call(directory, "GET", "/api/staff/directory", { cookie })).status === 200;
}

export async function lastAudit(h: Harness, action: AuditAction) {
  return (await h.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
}

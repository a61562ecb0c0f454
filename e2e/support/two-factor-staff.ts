import type { Browser } from "@playwright/test";
import { totpFromUri } from "../../lib/testing/totp";
import { E2E } from "./e2e-config";

/**
 * A new staff account with two-factor turned on, set up through the dashboard's own API (an admin
 * adds it, it signs in and confirms a code). Returns its otpauth URI for computing codes, and its recovery codes.
 */
export async function createTwoFactorStaff(browser: Browser, role: "admin" | "moderator", password: string) {
  const email = `tfa-${role}-${Date.now()}@example.com`;
  const admin = await browser.newContext({ storageState: E2E.storage.admin });
  const created = await admin.request.post("/api/staff", { data: { email, role, password }, headers: { origin: E2E.appUrl } });
  await admin.close();
  if (!created.ok()) throw new Error(`adding ${email} failed: ${created.status()}`);

  const context = await browser.newContext();
  const headers = { origin: E2E.appUrl };
  const signIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password }, headers });
  if (!signIn.ok()) throw new Error(`signing in ${email} failed: ${signIn.status()}`);
  const enable = await context.request.post("/api/auth/two-factor/enable", { data: { password }, headers });
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const verify = await context.request.post("/api/auth/two-factor/verify-totp", { data: { code: totpFromUri(totpURI) }, headers });
  if (!verify.ok()) throw new Error(`turning on two-factor for ${email} failed: ${verify.status()}`);
  await context.close();
  return { email, totpURI, backupCodes };
}

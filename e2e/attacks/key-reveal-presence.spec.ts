import type { Browser } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { EMULATOR_API_KEYS } from "../../lib/emulator/keys";
import { totpFromUri } from "../../lib/testing/totp";
import { E2E } from "../support/e2e-config";
import { createTwoFactorStaff } from "../support/two-factor-staff";

/**
 * Attack: an unattended admin session (or a stolen cookie) reveals another fullAccess key. A reveal
 * first asks, in a dialog, for the admin's password (or authenticator code with two-factor on); a
 * wrong one reveals nothing, and the key is shown once the right one is given.
 */
const production = EMULATOR_API_KEYS.find((k) => k.name === "Production server");
if (!production) throw new Error("no seeded key named Production server");
const headers = { origin: E2E.appUrl };

/** A context with a session of its own (never proved presence), signed in through the API. */
async function freshSession(browser: Browser, email: string, password: string, totpURI?: string) {
  const context = await browser.newContext();
  const signIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password }, headers });
  expect(signIn.status()).toBe(200);
  if (totpURI) {
    const verified = await context.request.post("/api/auth/two-factor/verify-totp", { data: { code: totpFromUri(totpURI) }, headers });
    expect(verified.status()).toBe(200);
  }
  return context;
}

async function openReveal(browser: Browser, context: Awaited<ReturnType<typeof freshSession>>) {
  const page = await context.newPage();
  await page.goto("/admin/api-keys");
  const row = page.getByRole("table", { name: /^API keys/ }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Production server/ }) });
  await row.getByRole("button", { name: "Reveal Production server" }).click();
  return { page, row, dialog: page.getByRole("dialog", { name: "Confirm it is you" }) };
}

test("revealing a key asks for the password first; a wrong one reveals nothing", async ({ browser }) => {
  const context = await freshSession(browser, E2E.admin, E2E.password);
  const { page, row, dialog } = await openReveal(browser, context);
  await expect(dialog).toBeVisible();
  await expect(row.getByRole("code")).not.toHaveText(production.apiKey);

  await dialog.getByLabel("Your password").fill("not-the-password");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("password: Wrong password.");
  await expect(row.getByRole("code")).not.toHaveText(production.apiKey);

  await dialog.getByLabel("Your password").fill(E2E.password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("code")).toHaveText(production.apiKey);
  await page.close();
  await context.close();
});

test("with two-factor on, the dialog asks for the authenticator code", async ({ browser }) => {
  const password = "two-factor-admin-1";
  const { email, totpURI } = await createTwoFactorStaff(browser, "admin", password);
  const context = await freshSession(browser, email, password, totpURI);
  const { row, dialog } = await openReveal(browser, context);
  await dialog.getByLabel("Authenticator code").fill(totpFromUri(totpURI));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(row.getByRole("code")).toHaveText(production.apiKey);
  await context.close();
});

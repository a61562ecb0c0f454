import { mkdirSync } from "node:fs";
import path from "node:path";
import { totpFromUri } from "../lib/testing/totp";
import { addStaffWithCli, startDashboard, type DashboardProcess } from "./support/dashboard-process";
import { expect, test } from "./support/fixtures";
import { waitForReady } from "./support/ready";
import { signIn } from "./support/sign-in";
import { extraPort } from "./support/staffed-dashboard";

/**
 * With REQUIRE_2FA=admins (the setting without the emulator) an admin sets two-factor up before
 * anything else and cannot turn it off. A dashboard of its own: the suite's demo server runs with
 * the policy off.
 */
const ADMIN = { email: "policy-admin@example.com", password: "policy-admin-pass-1" };
let dashboard: DashboardProcess;

test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  const dataDir = path.resolve(`.data/e2e-two-factor-policy-${extraPort(6)}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, REQUIRE_2FA: "admins" };
  addStaffWithCli(ADMIN.email, "admin", ADMIN.password, env);
  dashboard = await startDashboard(extraPort(6), env);
});

test.afterAll(async () => dashboard?.stop());

test("an admin sets two-factor up first, by QR code or key, and is told why it cannot be turned off", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: dashboard.url, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/account\?setup=two-factor$/);
  await waitForReady(page);
  await expect(page.getByRole("alert").filter({ hasText: "Your role needs two-factor authentication" })).toBeVisible();

  await page.getByLabel("Confirm your password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByRole("img", { name: /QR code of your set-up key/ })).toBeVisible();
  const uri = (await page.getByRole("link", { name: "set-up link" }).getAttribute("href")) ?? "";
  await page.getByLabel("Code from the app").fill(totpFromUri(uri));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-factor authentication is on.")).toBeVisible();

  await page.goto("/account");
  await waitForReady(page);
  await expect(page.getByText("Two-factor authentication cannot be turned off: this dashboard requires it for admins.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Turn off two-factor authentication" })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "New recovery codes" })).toBeVisible();
  await context.close();
});

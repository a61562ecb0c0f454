import { mkdirSync } from "node:fs";
import path from "node:path";
import { addStaffWithCli, startDashboard, type DashboardProcess } from "../support/dashboard-process";
import { expect, test } from "../support/fixtures";
import { extraPort } from "../support/staffed-dashboard";
import { seriousAxeViolations } from "../support/axe";

/**
 * Issue 19, High 1: one account's password guessed from many addresses is slowed per account; an
 * admin sees the accounts whose sign-ins are being slowed after wrong passwords, and ends a delay
 * from the staff page. A dashboard of its own, so the suite's server keeps its lenient per-account
 * setting.
 */
const ADMIN = { email: "delay-admin@example.com", password: "delay-admin-pass-1" };
const MODERATOR = { email: "delay-mod@example.com", password: "delay-mod-pass-1" };
let dashboard: DashboardProcess;

test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  // Two runs of the staff command line and a server start: more than a test's 30 s on a busy machine.
  test.setTimeout(120_000);
  const dataDir = path.resolve(`.data/e2e-delays-${extraPort(5)}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, SIGN_IN_ACCOUNT_FREE_FAILURES: "2" };
  addStaffWithCli(ADMIN.email, "admin", ADMIN.password, env);
  addStaffWithCli(MODERATOR.email, "moderator", MODERATOR.password, env);
  dashboard = await startDashboard(extraPort(5), env);
});

test.afterAll(async () => dashboard?.stop());

const signIn = (account: { email: string; password: string }) =>
  fetch(`${dashboard.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: dashboard.url, "content-type": "application/json" },
    body: JSON.stringify(account),
  });

test("an admin sees a slowed account on the staff page and unlocks it", async ({ page, playwright }) => {
  for (let i = 0; i < 2; i++) expect((await signIn({ ...MODERATOR, password: "a-wrong-password" })).status).toBe(401);
  const delayed = await signIn(MODERATOR);
  expect(delayed.status).toBe(429);
  expect(Number(delayed.headers.get("retry-after"))).toBeGreaterThan(0);

  const api = await playwright.request.newContext({ baseURL: dashboard.url, extraHTTPHeaders: { origin: dashboard.url } });
  expect((await api.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);
  await page.context().addCookies((await api.storageState()).cookies);
  await api.dispose();

  await page.goto(`${dashboard.url}/admin/staff`);
  const section = page.getByRole("region", { name: "Slowed sign-ins" });
  await expect(section).toContainText(`${MODERATOR.email}: 2 failed attempts`);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await section.getByRole("button", { name: `Unlock ${MODERATOR.email}` }).click();
  await expect(page.getByText(`Sign-in delay ended for ${MODERATOR.email}.`)).toBeVisible();
  await expect(section).toBeHidden();
  expect((await signIn(MODERATOR)).status).toBe(200);
});

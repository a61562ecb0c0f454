import { createServer, type Server } from "node:http";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import Provider from "oidc-provider";
import { addStaffWithCli, startDashboard, type DashboardProcess } from "./support/dashboard-process";

/**
 * Single sign-on end to end against a real OpenID Connect provider (oidc-provider) started here,
 * and a dashboard instance configured for it.
 */
const ISSUER_PORT = 3171;
const DASHBOARD_PORT = 3172;
const issuer = `http://127.0.0.1:${ISSUER_PORT}`;
const dataDir = path.resolve(`.data/e2e-sso-${Date.now()}`);
const sso = { DATA_DIR: dataDir, AUTH_SECRET: "sso-test-secret-0123456789abcdefghijkl", OIDC_ISSUER: issuer, OIDC_CLIENT_ID: "dashboard", OIDC_CLIENT_SECRET: "dashboard-secret", OIDC_NAME: "Test IdP" };

let idp: Server;
let dashboard: DashboardProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "dashboard",
        client_secret: "dashboard-secret",
        redirect_uris: [`http://127.0.0.1:${DASHBOARD_PORT}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, email: `${id}@example.com`, email_verified: true, name: `SSO ${id}` }) };
    },
  });
  idp = createServer(provider.callback());
  await new Promise<void>((resolve) => idp.listen(ISSUER_PORT, "127.0.0.1", resolve));
  addStaffWithCli("sso-staff@example.com", "moderator", "irrelevant-password", { DATA_DIR: dataDir });
  dashboard = await startDashboard(DASHBOARD_PORT, sso);
});

test.afterAll(async () => {
  await dashboard?.stop();
  await new Promise<void>((resolve) => idp?.close(() => resolve()));
});

async function signInWithIdp(page: import("@playwright/test").Page, login: string) {
  await page.goto(`${dashboard.url}/sign-in`);
  await page.getByRole("button", { name: "Sign in with Test IdP" }).click();
  await page.waitForURL(new RegExp(`^${issuer}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
  // The provider may ask for consent before sending the browser back.
  await page.waitForURL((url) => url.origin !== issuer || /\/interaction\/[^/]+$/.test(url.pathname));
  if (new URL(page.url()).origin === issuer) await page.locator('button[type="submit"]').click();
}

test("a staff member signs in through the company's OpenID provider", async ({ page }) => {
  await signInWithIdp(page, "sso-staff");
  await expect(page).toHaveURL(`${dashboard.url}/`);
  await expect(page.getByRole("banner").getByText("sso-staff@example.com")).toBeVisible();
});

test("an identity that is not staff is refused", async ({ page }) => {
  await signInWithIdp(page, "stranger");
  await expect(page).toHaveURL(/\/sign-in/);
  const response = await page.request.get(`${dashboard.url}/api/moderation/flagged-messages`);
  expect(response.status()).toBe(401);
});

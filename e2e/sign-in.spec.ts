import { expect, test } from "./support/fixtures";
import { totpFromUri } from "../lib/testing/totp";
import { E2E } from "./support/e2e-config";
import { expectSignedOut, signIn, submitSignIn } from "./support/sign-in";

test.describe("signed out", () => {
  test("every page sends a stranger to sign-in, to come back to it, and the API answers 401 JSON", async ({ page, request }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
    for (const path of ["/users", "/admin/api-keys", "/admin/audit", "/admin/staff", "/account"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`${E2E.appUrl}/sign-in?next=${encodeURIComponent(path)}`);
    }
    const response = await request.get("/api/moderation/flagged-messages");
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "ERR_UNAUTHORIZED" } });
  });

  test("signs in, shows who is signed in with their role, and signs out", async ({ page }) => {
    await signIn(page, E2E.moderator);
    await expect(page).toHaveURL(`${E2E.appUrl}/`);
    const header = page.getByRole("banner");
    await expect(header.getByText(E2E.moderator)).toBeVisible();
    await expect(header.getByText("moderator", { exact: true })).toBeVisible();
    await expect(header.getByText("Demo: local emulator")).toBeVisible();
    await header.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("a wrong password is refused in words", async ({ page }) => {
    await signIn(page, E2E.moderator, "not-the-password");
    await expect(page.getByText("Wrong email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});

test.describe("as a moderator", () => {
  test.use({ storageState: E2E.storage.moderator });

  test("admin pages and admin APIs are refused", async ({ page }) => {
    await page.goto("/admin/staff");
    await expect(page.getByRole("heading", { name: "Admins only" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Staff" })).toHaveCount(0);
    const response = await page.request.get("/api/staff");
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "ERR_FORBIDDEN", message: expect.stringContaining("admin") } });
  });
});

test.describe("as an admin", () => {
  test.use({ storageState: E2E.storage.admin });

  test("adds a staff member, changes their role after a confirmation naming what they gain, and disables them after confirming", async ({ page, browser }) => {
    const email = `new-${Date.now()}@example.com`;
    await page.goto("/admin/staff");
    const form = page.getByRole("form", { name: "Add a staff member" });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill("a-long-password-1");
    await form.getByRole("button", { name: "Add" }).click();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toBeVisible();
    await row.getByLabel(`Role of ${email}`).selectOption("admin");
    const promote = page.getByRole("dialog", { name: `Make ${email} admin?` });
    await expect(promote).toContainText("They will be able to:");
    await expect(promote.getByRole("listitem")).toContainText(["see and reveal the chat service's API keys", "read and export the audit log"]);
    await promote.getByRole("button", { name: "Make admin" }).click();
    await expect(page.getByRole("status")).toContainText(`${email} is now admin`);

    const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const otherPage = await other.newPage();
    await signIn(otherPage, email, "a-long-password-1");
    await expect(otherPage.getByRole("banner").getByText(email)).toBeVisible();

    await row.getByRole("button", { name: "Disable" }).click();
    const dialog = page.getByRole("dialog", { name: `Disable ${email}?` });
    await expect(dialog).toContainText("signed out everywhere");
    await dialog.getByRole("button", { name: "Disable account" }).click();
    await expect(row).toContainText("Disabled");

    const again = await expectSignedOut(otherPage);
    await submitSignIn(again, email, "a-long-password-1");
    await expect(again.getByText("Wrong email or password, or the account is disabled")).toBeVisible();
    await other.close();
  });
});

test("two-factor: set up on the account page, then sign in with a code and with a recovery code", async ({ browser }) => {
  const admin = await browser.newContext({ storageState: E2E.storage.admin });
  const email = `tfa-${Date.now()}@example.com`;
  const created = await admin.request.post("/api/staff", {
    data: { email, role: "moderator", password: "two-factor-pass-1" },
    headers: { origin: E2E.appUrl },
  });
  expect(created.status()).toBe(200);
  await admin.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, "two-factor-pass-1");
  await page.getByRole("link", { name: new RegExp(email) }).click();
  await page.getByLabel("Confirm your password").fill("two-factor-pass-1");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const link = await page.getByRole("link", { name: "set-up link" }).getAttribute("href");
  if (!link) throw new Error("no otpauth link");
  const recovery = (await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").first().textContent())?.trim() ?? "";
  await page.getByLabel("Code from the app").fill(totpFromUri(link));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-factor authentication is on.")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signIn(page, email, "two-factor-pass-1");
  await page.getByLabel("Authentication code").fill(totpFromUri(link));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("banner").getByText(email)).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signIn(page, email, "two-factor-pass-1");
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(recovery);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("banner").getByText(email)).toBeVisible();
  await context.close();
});

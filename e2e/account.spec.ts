import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { totpFromUri } from "../lib/testing/totp";
import { E2E } from "./support/e2e-config";
import { waitForReady } from "./support/ready";
import { expectSignedOut, signIn, signOut, submitSignIn } from "./support/sign-in";
import { createTwoFactorStaff } from "./support/two-factor-staff";

const PASSWORD = "account-spec-pass-1";

/** A new staff account added by the admin, so each test changes an account of its own. */
async function newStaff(browser: Browser, role: "admin" | "moderator" = "moderator") {
  const email = `account-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const admin = await browser.newContext({ storageState: E2E.storage.admin });
  const created = await admin.request.post("/api/staff", { data: { email, role, password: PASSWORD }, headers: { origin: E2E.appUrl } });
  expect(created.status()).toBe(200);
  await admin.close();
  return email;
}

async function signedInPage(browser: Browser, email: string, password = PASSWORD) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page.getByRole("banner").getByText(email)).toBeVisible();
  return { context, page };
}

async function signInWithCode(page: Page, email: string, code: { totp?: string; recovery?: string }) {
  await signIn(page, email, PASSWORD);
  if (code.recovery) {
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(code.recovery);
  } else {
    await page.getByLabel("Authentication code").fill(code.totp ?? "");
  }
  await page.getByRole("button", { name: "Verify" }).click();
}

/** A new moderator with two-factor on, signed in with a code in a browser of its own. */
async function signedInWithTwoFactor(browser: Browser) {
  const staff = await createTwoFactorStaff(browser, "moderator", PASSWORD);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInWithCode(page, staff.email, { totp: totpFromUri(staff.totpURI) });
  await expect(page.getByRole("banner").getByText(staff.email)).toBeVisible();
  return { ...staff, context, page };
}

async function openAccount(page: Page) {
  await page.goto("/account");
  await waitForReady(page);
}

test.describe("your own account", () => {
  test("two-factor set-up shows a QR code with a text alternative and the key grouped for typing, under the page's CSP", async ({ browser }) => {
    const email = await newStaff(browser);
    const { context, page } = await signedInPage(browser, email);
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
    });
    await openAccount(page);
    await page.getByLabel("Confirm your password").fill(PASSWORD);
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();

    const qr = page.getByRole("img", { name: /QR code of your set-up key\. If you cannot scan it, type the key/ });
    await expect(qr).toBeVisible();
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(150);
    expect(await qr.locator("path").getAttribute("d")).toMatch(/^M\d+ \d+h1v1h-1z/);

    const uri = (await page.getByRole("link", { name: "set-up link" }).getAttribute("href")) ?? "";
    const secret = new URL(uri).searchParams.get("secret") ?? "";
    const key = (await page.getByTestId("totp-secret").textContent()) ?? "";
    expect(key).toMatch(/^(\S{4} )+\S{1,4}$/);
    expect(key.replaceAll(" ", "")).toBe(secret);

    await page.getByLabel("Code from the app").fill(totpFromUri(uri));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByText("Two-factor authentication is on.")).toBeVisible();
    expect(refused).toEqual([]);
    await context.close();
  });

  test("new recovery codes need the password; the old codes stop working and the new ones sign in", async ({ browser }) => {
    const { email, backupCodes, context, page } = await signedInWithTwoFactor(browser);
    await openAccount(page);

    const form = page.getByRole("form", { name: "New recovery codes" });
    await form.getByLabel("Confirm your password").fill("not-the-password");
    await form.getByRole("button", { name: "Make new recovery codes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "That password is not right." })).toBeVisible();
    await form.getByLabel("Confirm your password").fill(PASSWORD);
    await form.getByRole("button", { name: "Make new recovery codes" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const fresh = ((await codes.first().textContent()) ?? "").trim();

    await signOut(page);
    await signInWithCode(page, email, { recovery: backupCodes[0] ?? "" });
    await expect(page.getByText("Wrong recovery code")).toBeVisible();
    await signInWithCode(page, email, { recovery: fresh });
    await expect(page.getByRole("banner").getByText(email)).toBeVisible();
    await context.close();
  });

  test("turns two-factor off with the password where policy allows, and sign-in then asks for the password alone", async ({ browser }) => {
    const { email, context, page } = await signedInWithTwoFactor(browser);
    await openAccount(page);
    const form = page.getByRole("form", { name: "Turn off two-factor authentication" });
    await form.getByLabel("Confirm your password").fill(PASSWORD);
    await form.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    await expect(page.getByRole("button", { name: "Set up two-factor authentication" })).toBeVisible();

    await signOut(page);
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole("banner").getByText(email)).toBeVisible();
    await context.close();
  });

  test("changes the password with the current one and signs out every other session", async ({ browser }) => {
    const email = await newStaff(browser);
    const here = await signedInPage(browser, email);
    const elsewhere = await signedInPage(browser, email);
    await openAccount(here.page);

    const form = here.page.getByRole("form", { name: "Change your password" });
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel(/^New password/).fill("a-newer-password-2");
    await form.getByLabel("Repeat the new password").fill("a-different-one-3");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(here.page.getByRole("alert").filter({ hasText: "The two new passwords are not the same." })).toBeVisible();

    await form.getByLabel("Repeat the new password").fill("a-newer-password-2");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(here.page.getByRole("status").filter({ hasText: "Password changed" })).toContainText("signed out everywhere else");

    await here.page.reload();
    await waitForReady(here.page);
    await expect(here.page.getByRole("heading", { name: "Your account" })).toBeVisible();
    const elsewhereAgain = await expectSignedOut(elsewhere.page);
    await submitSignIn(elsewhereAgain, email, "a-newer-password-2");
    await expect(elsewhereAgain.getByRole("banner").getByText(email)).toBeVisible();
    await here.context.close();
    await elsewhere.context.close();
  });
});

test.describe("an admin on the staff page", () => {
  test.use({ storageState: E2E.storage.admin });

  test("resets someone's two-factor after a confirmation saying what happens; they sign in with the password alone", async ({ page, browser }) => {
    const { email, context: theirs, page: theirPage } = await signedInWithTwoFactor(browser);

    await page.goto("/admin/staff");
    await waitForReady(page);
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByRole("button", { name: `Reset two-factor of ${email}` }).click();
    const dialog = page.getByRole("dialog", { name: `Reset two-factor of ${email}?` });
    await expect(dialog).toContainText("Their authenticator app and recovery codes stop working, and they are signed out everywhere at once.");
    await dialog.getByRole("button", { name: "Reset two-factor" }).click();
    await expect(page.getByRole("status")).toContainText(`Two-factor of ${email} is reset`);
    await expect(row.getByRole("cell").nth(3)).toHaveText("Off");

    const theirsAgain = await expectSignedOut(theirPage);
    await submitSignIn(theirsAgain, email, PASSWORD);
    await expect(theirsAgain.getByRole("banner").getByText(email)).toBeVisible();
    await theirs.close();
  });

  test("resets someone's password to a generated one shown once, signing them out", async ({ page, browser }) => {
    const email = await newStaff(browser);
    const theirs = await signedInPage(browser, email);

    await page.goto("/admin/staff");
    await waitForReady(page);
    await page.getByRole("row").filter({ hasText: email }).getByRole("button", { name: `Reset password of ${email}` }).click();
    const dialog = page.getByRole("dialog", { name: `Reset the password of ${email}?` });
    await expect(dialog).toContainText("signed out everywhere at once");
    await expect(dialog.getByLabel("Make one up and show it to me once")).toBeChecked();
    await dialog.getByRole("button", { name: "Reset password" }).click();
    const made = ((await dialog.getByTestId("temporary-password").textContent()) ?? "").trim();
    expect(made).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    await expect(dialog).toContainText("It is shown only now");
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();

    const theirsAgain = await expectSignedOut(theirs.page);
    await submitSignIn(theirsAgain, email, made);
    await expect(theirsAgain.getByRole("banner").getByText(email)).toBeVisible();
    await theirs.context.close();
  });

  test("a demotion says what the person loses, and Escape leaves the role as it was", async ({ page, browser }) => {
    const email = await newStaff(browser, "admin");
    await page.goto("/admin/staff");
    await waitForReady(page);
    const role = page.getByRole("row").filter({ hasText: email }).getByLabel(`Role of ${email}`);
    await role.selectOption("moderator");
    const dialog = page.getByRole("dialog", { name: `Make ${email} moderator?` });
    await expect(dialog).toContainText("They will no longer be able to:");
    await expect(dialog.getByRole("listitem")).toContainText(["see and reveal the chat service's API keys", "add staff, change their roles"]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(role).toHaveValue("admin");
  });
});

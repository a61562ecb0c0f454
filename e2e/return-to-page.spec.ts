import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { waitForReady } from "./support/ready";
import { signIn, submitSignIn } from "./support/sign-in";

/**
 * The ways back into the dashboard: a session that ends while a page is open leads to sign-in and
 * back to that page; a sign-in link cannot send anyone elsewhere; an address with no page keeps
 * the dashboard's header and a way back.
 */
test.beforeEach(async () => resetEmulator());

test("signed out in another tab, an action on a page leads to sign-in and back to that page", async ({ browser }) => {
  // A session of its own: signing out ends it, and the suite's stored sessions must live on.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, E2E.moderator);
  await expect(page).toHaveURL(`${E2E.appUrl}/`);
  await page.goto("/users/ana-souza");
  await waitForReady(page);

  const other = await context.newPage();
  await other.goto("/account");
  await waitForReady(other);
  await other.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(other).toHaveURL(/\/sign-in$/);

  // The confirmation reads the team's policies as it opens: that read's 401 leads to sign-in before anything is sent.
  await page.getByRole("button", { name: "Deactivate user" }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/sign-in?next=${encodeURIComponent("/users/ana-souza")}`);
  await expect(page.getByText("Once signed in, you go on to the page you asked for.")).toBeVisible();
  await submitSignIn(page, E2E.moderator);
  await expect(page).toHaveURL(`${E2E.appUrl}/users/ana-souza`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The refused action did nothing.
  await expect(page.getByRole("button", { name: "Deactivate user" })).toBeVisible();
  await context.close();
});

test("a sign-in link that points off the dashboard leads to the queue instead", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const next of ["//evil.example/x", "/\\evil.example", "https://evil.example/"]) {
    await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
    await expect(page.getByText("Once signed in, you go on to the page you asked for.")).toHaveCount(0);
  }
  await submitSignIn(page, E2E.moderator);
  await expect(page).toHaveURL(`${E2E.appUrl}/`);
  await context.close();
});

test.describe("an address with no page", () => {
  test("signed out, leads to sign-in and then to the not-found page inside the dashboard", async ({ page }) => {
    await page.goto("/admin/nope");
    await expect(page).toHaveURL(`${E2E.appUrl}/sign-in?next=${encodeURIComponent("/admin/nope")}`);
    await submitSignIn(page, E2E.admin);
    await expect(page).toHaveURL(`${E2E.appUrl}/admin/nope`);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("signed out, an API address with no route still says so and offers sign-in", async ({ page }) => {
    const response = await page.goto("/api/nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
  });

  test.describe("signed in", () => {
    test.use({ storageState: E2E.storage.admin });

    test("keeps the header and navigation, answers 404, and leads back to the queue", async ({ page }) => {
      const response = await page.goto("/admin/nope");
      expect(response?.status()).toBe(404);
      await waitForReady(page);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      const header = page.getByRole("banner");
      await expect(header.getByText(E2E.admin)).toBeVisible();
      await expect(header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Staff" })).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Back to the queue" }).click();
      await expect(page).toHaveURL(`${E2E.appUrl}/`);
    });
  });
});

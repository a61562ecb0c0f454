import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { createFlaggedMessages, gotoQueue, itemRow, marker } from "./support/queue";

/**
 * The queue's push channel through `npm start`: presence between two moderators, a decision and a
 * new flag reaching an open page without a reload, and the fallback while the stream is down.
 * Waits stay under the queue's 15 s polling: what arrives did not come from a poll.
 */

/** Opens the queue, waits until its live stream is open, and marks the page, so a reload shows as a failed check. */
async function openLive(page: Page, query: string) {
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/review/events" && r.status() === 200);
  await gotoQueue(page, query);
  await stream;
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

async function signedInPage(browser: Browser, storageState: string) {
  const context = await browser.newContext({ storageState, baseURL: E2E.appUrl });
  return { context, page: await context.newPage() };
}

test.describe("the live review queue", () => {
  test.beforeEach(async () => resetEmulator());

  test("two moderators on one item see each other on it, and one's resolution reaches the other without a reload", async ({ browser }) => {
    const mod = await signedInPage(browser, E2E.storage.moderator);
    const admin = await signedInPage(browser, E2E.storage.admin);
    const tag = marker("live");
    const [id = ""] = await createFlaggedMessages(mod.page, [{ sender: "lucia-fernandez", receiver: "arjun-nair", text: `${tag} both open this` }]);
    await openLive(mod.page, `?state=all&q=${tag}`);
    await openLive(admin.page, `?state=all&q=${tag}`);
    const modRow = itemRow(mod.page, id);
    const adminRow = itemRow(admin.page, id);

    // Each report's answer is checked, so a failure below says whether the report or its delivery failed.
    for (const [page, row] of [[mod.page, modRow], [admin.page, adminRow]] as const) {
      const reported = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/review/presence" && r.request().method() === "POST");
      await row.getByRole("button", { name: /^Details/ }).click();
      expect((await reported).status()).toBe(200);
    }
    // Each named with their email (e2e/attacks/staff-name-imitation.spec.ts says why).
    await expect(modRow.getByText(`admin (${E2E.admin}) is on this`)).toBeVisible();
    await expect(adminRow.getByText(`moderator (${E2E.moderator}) is on this`)).toBeVisible();
    // Nobody is told that they themselves are on it.
    await expect(modRow.getByText(/moderator.* is on this/)).toHaveCount(0);

    await adminRow.getByRole("button", { name: "Resolve", exact: true }).click();
    await expect(adminRow.getByText("Resolved", { exact: true })).toBeVisible();
    await expect(modRow.getByText("Resolved", { exact: true })).toBeVisible();
    await expect(modRow.getByRole("button", { name: "Reopen" })).toBeVisible();
    expect(await notReloaded(mod.page)).toBe(true);

    // Closing the details tells the other at once, not after the report expires.
    await adminRow.getByRole("button", { name: /^Hide details/ }).click();
    await expect(modRow.getByText("admin is on this")).toHaveCount(0);
    await admin.context.close();
    await mod.context.close();
  });

  test("a flag added in the chat service appears in an open queue without a reload", async ({ browser }) => {
    const mod = await signedInPage(browser, E2E.storage.moderator);
    const tag = marker("pushed");
    await openLive(mod.page, `?q=${tag}`);
    await expect(mod.page.getByText("No items match this search and these filters.")).toBeVisible();
    // Flagged upstream only: nothing asks the dashboard for its queue; its own refresh loop finds it.
    const [id = ""] = await createFlaggedMessages(mod.page, [{ sender: "chloe-lefevre", receiver: "erik-lindqvist", text: `${tag} flagged while the page is open` }]);
    await expect(itemRow(mod.page, id)).toBeVisible();
    expect(await notReloaded(mod.page)).toBe(true);
    await mod.context.close();
  });

  test("while the stream cannot connect the page says it is reconnecting and still refreshes; the notice goes once it is back", async ({ browser }) => {
    // Waits for the 15 s polling on top of a page load and a reconnection.
    test.setTimeout(90_000);
    const mod = await signedInPage(browser, E2E.storage.moderator);
    await mod.page.route("**/api/review/events*", (route) => route.abort("connectionrefused"));
    await mod.page.goto("/");
    const notice = mod.page.getByText(/Live updates are interrupted: reconnecting/);
    // Shown once the page has hydrated and its first attempt failed, however long a busy machine takes for that.
    await expect(notice).toBeVisible({ timeout: 20_000 });
    // The 15 s polling is back while the stream is down.
    await mod.page.waitForResponse((r) => new URL(r.url()).pathname === "/api/review/queue", { timeout: 20_000 });
    await mod.page.unroute("**/api/review/events*");
    await expect(notice).toBeHidden({ timeout: 15_000 });
    await mod.context.close();
  });
});

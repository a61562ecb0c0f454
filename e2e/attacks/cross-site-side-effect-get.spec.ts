import type { Page } from "@playwright/test";
import { E2E } from "../support/e2e-config";
import { expect, test } from "../support/fixtures";
import { resetEmulator } from "../support/emulator";

/**
 * Issue 19 (Low): GETs with side effects could be set off by a link on another site, since the
 * session cookie (SameSite=Lax) goes along on top-level navigations. Here the other site is the
 * dashboard under another host name (localhost instead of 127.0.0.1: a different site to the browser).
 */
const otherSite = E2E.appUrl.replace("127.0.0.1", "localhost");
const UID = "pedro-alves";

type Recent = { data: { uid: string; viewedAt: number }[] };
const viewedAt = async (page: Page) => ((await (await page.request.get("/api/me/recent-users")).json()) as Recent).data.find((u) => u.uid === UID)?.viewedAt;

/** Opens `href` by clicking a link on a page of the other site, as a victim would. */
async function followLinkFromOtherSite(page: Page, href: string) {
  await page.goto(`${otherSite}/sign-in`);
  await page.evaluate((target) => {
    const link = document.createElement("a");
    link.href = target;
    link.textContent = "a harmless link";
    document.body.prepend(link);
  }, href);
  await page.getByRole("link", { name: "a harmless link" }).click();
}

test.describe("GET requests with side effects, from another site", () => {
  test.use({ storageState: E2E.storage.admin });
  test.beforeEach(async () => resetEmulator());

  test("a link to a user's page opens it but does not put the user on the recent list; opening it directly does", async ({ page }) => {
    const before = await viewedAt(page);
    await followLinkFromOtherSite(page, `${E2E.appUrl}/users/${UID}`);
    await expect(page.getByRole("heading", { level: 1, name: "Pedro Alves" })).toBeVisible();
    expect(await viewedAt(page)).toBe(before);

    // Typed into the address bar (Sec-Fetch-Site: none), the view is the staff member's own.
    await page.goto(`/users/${UID}`);
    await expect(page.getByRole("heading", { level: 1, name: "Pedro Alves" })).toBeVisible();
    await expect.poll(() => viewedAt(page)).toBeGreaterThan(before ?? 0);
  });

  test("a link to the audit export is refused without writing an audit row", async ({ page }) => {
    const exports = async () => ((await (await page.request.get("/api/audit?action=audit.export")).json()) as { data: unknown[] }).data.length;
    const before = await exports();
    const answer = page.waitForResponse((r) => r.url().startsWith(`${E2E.appUrl}/api/audit/export`));
    await followLinkFromOtherSite(page, `${E2E.appUrl}/api/audit/export`);
    expect((await answer).status()).toBe(403);
    expect(await exports()).toBe(before);
  });
});

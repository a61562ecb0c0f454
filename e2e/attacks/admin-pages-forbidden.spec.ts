import { expect, test } from "../support/fixtures";
import { E2E } from "../support/e2e-config";

/**
 * Attack: a moderator opens an admin page. The page used to answer 200 with the words "Admins
 * only", so a crawler, a monitor or a script could not tell a refusal from a page. It answers 403,
 * inside the dashboard's own layout (header, navigation, a way back), not a bare error page.
 */
test.describe("admin pages, as a moderator", () => {
  test.use({ storageState: E2E.storage.moderator });

  for (const path of ["/admin/api-keys", "/admin/audit", "/admin/staff", "/admin/policies"]) {
    test(`${path} answers 403 inside the app's layout with a way back`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Admins only" })).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await page.getByRole("link", { name: "Back to the queue" }).click();
      await expect(page).toHaveURL(`${E2E.appUrl}/`);
    });
  }
});

import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { emulatorControl, resetEmulator } from "./support/emulator";
import { waitForReady } from "./support/ready";

/** Issue 22: the header's "Go to user" box searches users by UID or name as the moderator types. */

test.use({ storageState: E2E.storage.moderator });
test.beforeEach(async () => {
  await resetEmulator();
  await emulatorControl("faults", undefined, "DELETE");
});

const box = (page: Page) => page.getByRole("banner").getByLabel("User UID");
const users = (page: Page) => page.getByRole("banner").getByRole("listbox", { name: "Users" });

test("lists users as the moderator types; arrow keys choose, Enter opens, Escape closes, and a user opened comes first next time", async ({ page }) => {
  await page.goto("/users");
  await waitForReady(page);
  await box(page).click();
  await box(page).pressSequentially("kim");
  // Kim Hana has flagged messages in the seeded queue, or else is found in the chat service; a test
  // before this one may have had the moderator open her page, and then she comes as viewed recently.
  await expect(users(page).getByRole("option", { name: /^Kim Hana kim-hana\s*, (in the queue|chat service|viewed recently)$/ })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("status")).toHaveText(/^\d+ users? found\.$/);
  await expect(box(page)).toHaveAttribute("aria-expanded", "true");

  await box(page).press("Escape");
  await expect(users(page)).toBeHidden();
  await expect(box(page)).toHaveAttribute("aria-expanded", "false");

  await box(page).press("ArrowDown");
  const first = users(page).getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box(page)).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
  await expect(first).toHaveText(/^Kim Hana kim-hana/);
  await box(page).press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Kim Hana" })).toBeVisible();

  await box(page).fill("Kim H");
  await expect(users(page).getByRole("option").first()).toHaveAccessibleName(/^Kim Hana kim-hana\s*, viewed recently$/);
});

test("says when the chat service or the dashboard cannot be searched, with Retry, and fits a 375 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto("/users");
  await waitForReady(page);
  await emulatorControl("faults", { kind: "status503", route: "GET /users", count: 20 });
  await box(page).click();
  await box(page).pressSequentially("kim");
  await expect(page.getByRole("banner").getByText(/The chat service could not be searched/).first()).toBeVisible();

  // The dashboard itself unreachable: the search says so, and Retry asks again once it is back.
  await page.route("**/api/users?searchKey=*", (route) => route.abort());
  await box(page).pressSequentially("-");
  await expect(page.getByRole("banner").getByText(/^The search failed: /).first()).toBeVisible();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await emulatorControl("faults", undefined, "DELETE");
  await page.getByRole("banner").getByRole("button", { name: "Retry" }).click();
  await expect(users(page).getByRole("option", { name: /^Kim Hana kim-hana/ })).toBeVisible();

  const list = await users(page).boundingBox();
  expect(list && list.x >= 0 && list.x + list.width <= 375).toBe(true);
});

import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { emulatorControl, resetEmulator } from "./support/emulator";
import { gotoQueue, toast } from "./support/queue";

// WCAG 2.2.1: a message that leaves on a timer must wait while the reader is on it. The page's clock
// is Playwright's, moved forward by hand: nothing here waits in real time.
test.use({ storageState: E2E.storage.admin });

test.beforeEach(async () => {
  await resetEmulator();
  await emulatorControl("faults", undefined, "DELETE");
});

test("a toast stays while hovered or focused and leaves once the reader moves on", async ({ page }) => {
  await page.clock.install();
  await gotoQueue(page);
  await page.keyboard.press("z");
  const message = toast(page, "Nothing to undo");
  await expect(message).toBeVisible();

  await message.hover();
  await page.clock.fastForward(20_000);
  await expect(message).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.fastForward(7_000);
  await expect(message).toHaveCount(0);

  await page.keyboard.press("z");
  await expect(message).toBeVisible();
  await page.getByRole("button", { name: "Dismiss notification" }).focus();
  await page.clock.fastForward(20_000);
  await expect(message).toBeVisible();
  await page.getByRole("button", { name: "Dismiss notification" }).blur();
  await page.clock.fastForward(7_000);
  await expect(message).toHaveCount(0);
});

test("an error stays until it is dismissed", async ({ page }) => {
  await emulatorControl("faults", { kind: "status500", route: "DELETE /users", count: 1 });
  await page.clock.install();
  await page.goto("/users/kenji-watanabe");
  await page.getByRole("button", { name: "Deactivate user" }).click();
  await page.getByRole("dialog", { name: /^Deactivate Kenji Watanabe/ }).getByRole("button", { name: "Deactivate user" }).click();
  const error = toast(page, /Kenji Watanabe was not deactivated/);
  await expect(error).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.fastForward(120_000);
  await expect(error).toBeVisible();
  await page.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(error).toHaveCount(0);
});

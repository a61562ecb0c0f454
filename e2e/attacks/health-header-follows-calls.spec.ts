import { expect, test } from "../support/fixtures";
import { keyRefusalHealthMessage } from "../../lib/chat/key-refusal";
import { E2E } from "../support/e2e-config";
import { emulatorControl, resetEmulator } from "../support/emulator";

/**
 * Attack (on the staff's judgement): the chat service starts refusing the dashboard's key during
 * normal work. The header used to stay quiet until its next check, and the moderator read the
 * failure as their own. The header warns at once (well inside the 15 s poll) and the action's
 * message says it is a configuration problem for an admin.
 */
test.use({ storageState: E2E.storage.moderator });
test.beforeEach(async () => resetEmulator());

test("a key refused during an action shows in the header at once, as a configuration problem", async ({ page }) => {
  await page.goto("/users/kenji-watanabe");
  const warning = page.getByRole("banner").getByRole("alert");
  await expect(warning).toHaveCount(0);
  // From now on the service refuses the key on every call (its status for AUTH_ERR_* is undocumented: a 403 here).
  await emulatorControl("faults", { kind: "authError", authCode: "AUTH_ERR_NO_ACCESS", status: 403 });

  await page.getByRole("button", { name: "Deactivate user" }).click();
  await page.getByRole("dialog", { name: /^Deactivate Kenji Watanabe/ }).getByRole("button", { name: "Deactivate user" }).click();
  await expect(page.getByRole("status").filter({ hasText: "configuration problem" })).toContainText("this is not something you did");
  await expect(warning).toHaveText(keyRefusalHealthMessage("scope"));

  // Once the key is taken again, the next call that goes through clears it.
  await emulatorControl("faults", undefined, "DELETE");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Kenji Watanabe" })).toBeVisible();
  await page.reload();
  await expect(warning).toHaveCount(0);
});

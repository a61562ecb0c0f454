import { expect, test } from "../support/fixtures";
import { E2E } from "../support/e2e-config";
import { emulatorControl, resetEmulator } from "../support/emulator";
import { waitForReady } from "../support/ready";

/**
 * Issue 19, High 2: a chat user whose display name holds NUL (or a lone surrogate). Opening their
 * page records them among the staff member's recent users, and PostgreSQL refused the name, so the
 * page failed for every staff member who opened it. The chat client now makes the service's text
 * storable (U+FFFD, shown as a visible replacement character) before anything stores it.
 */
const UID = "pedro-alves";

test.describe("a chat user whose name the database would refuse", () => {
  test.use({ storageState: E2E.storage.moderator });
  test.beforeEach(async () => resetEmulator());

  test("their page opens, shows the replacement characters and lands on the recent users", async ({ page }) => {
    await emulatorControl(`users/${UID}`, { name: "Pedro\u0000 Alves\ud800" }, "PATCH");
    await page.goto(`/users/${UID}`);
    await waitForReady(page);
    await expect(page.getByRole("heading", { level: 1, name: "Pedro\ufffd Alves\ufffd" })).toBeVisible();
    const recent = (await (await page.request.get("/api/me/recent-users")).json()) as { data: { uid: string; name: string }[] };
    expect(recent.data).toContainEqual(expect.objectContaining({ uid: UID, name: "Pedro\ufffd Alves\ufffd" }));
  });
});

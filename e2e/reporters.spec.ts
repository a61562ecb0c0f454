import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { createFlaggedMessages, gotoQueue, itemRow, marker, storedQueue, toast, versionOf } from "./support/queue";

/** Reporters no other spec flags with, so muting them here changes nothing another test counts on. */
const MUTED = { uid: "tomas-novak", name: "Tomáš Novák" };
const RELIABLE = { uid: "sakura-tanaka", name: "Sakura Tanaka" };

async function decide(page: Page, id: string, action: "resolve" | "dismiss") {
  const response = await page.request.post(`/api/review/items/${encodeURIComponent(id)}`, {
    data: { action, version: await versionOf(page, id) },
    headers: { origin: E2E.appUrl },
  });
  expect(response.status()).toBe(200);
}

test.describe("reporters", () => {
  test.use({ storageState: E2E.storage.moderator });
  test.beforeEach(async () => resetEmulator());

  test("a moderator mutes a reporter from an item, which leaves the open queue; an admin unmutes them and it returns", async ({ page, browser }) => {
    // Two staff members and five page loads: more than one page's worth of the default time.
    test.setTimeout(90_000);
    const tag = marker("muted-reporter");
    const [id = ""] = await createFlaggedMessages(page, [{ sender: "mallory", receiver: "ana-souza", text: `${tag} cheap followers`, flagger: MUTED.uid, reasonId: "spam" }]);
    await gotoQueue(page, `?q=${tag}`);
    const row = itemRow(page, id);
    await row.getByRole("button", { name: /^Details/ }).click();
    await row.getByRole("button", { name: `Mute ${MUTED.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Mute ${MUTED.name}?` });
    await expect(dialog).toContainText("set aside (kept and marked, not deleted)");
    await dialog.getByLabel(/^Note/).fill("reports every message as spam");
    await dialog.getByRole("button", { name: "Mute reporter" }).click();
    // The reporter may have flagged some of the emulator's own items too: those are set aside with this one.
    await expect(toast(page, new RegExp(`^${MUTED.name} is muted: \\d+ flags? set aside, \\d+ items? out of the open queue\\.$`))).toBeVisible();
    await expect(row).toHaveCount(0);

    // Out of the open queue, not gone: under Set aside, with who is muted and why.
    await gotoQueue(page, `?state=set_aside&q=${tag}`);
    await expect(itemRow(page, id)).toBeVisible();
    const muted = page.getByRole("region", { name: "Muted reporters" });
    await expect(muted.getByRole("listitem").filter({ hasText: MUTED.uid })).toContainText("reports every message as spam");
    // Only an admin unmutes.
    await expect(muted.getByRole("button", { name: `Unmute ${MUTED.name}` })).toHaveCount(0);

    const admin = await browser.newContext({ storageState: E2E.storage.admin });
    try {
      const adminPage = await admin.newPage();
      await gotoQueue(adminPage, `?state=set_aside&q=${tag}`);
      await adminPage.getByRole("region", { name: "Muted reporters" }).getByRole("button", { name: `Unmute ${MUTED.name}` }).click();
      await adminPage.getByRole("dialog", { name: `Unmute ${MUTED.name}?` }).getByRole("button", { name: "Unmute reporter" }).click();
      await expect(toast(adminPage, new RegExp(`^${MUTED.name} is unmuted: \\d+ items? (is|are) back in the open queue\\.$`))).toBeVisible();
      await expect(itemRow(adminPage, id)).toHaveCount(0);
      await gotoQueue(adminPage, `?q=${tag}`);
      await expect(itemRow(adminPage, id)).toBeVisible();
    } finally {
      await admin.close();
    }
  });

  test("shows each flagger's upheld and dismissed flags beside their name", async ({ page }) => {
    const tag = marker("reliable-reporter");
    const before = (await storedQueue(page)).reporters[RELIABLE.uid] ?? { upheld: 0, dismissed: 0 };
    const [upheld = "", dismissed = "", open = ""] = await createFlaggedMessages(
      page,
      ["one", "two", "three"].map((n) => ({ sender: "mallory", receiver: "ana-souza", text: `${tag} ${n}`, flagger: RELIABLE.uid, reasonId: "spam" })),
    );
    await decide(page, upheld, "resolve");
    await decide(page, dismissed, "dismiss");
    await gotoQueue(page, `?q=${tag}`);
    const row = itemRow(page, open);
    await row.getByRole("button", { name: /^Details/ }).click();
    const words = `${before.upheld + 1} upheld · ${before.dismissed + 1} dismissed`;
    await expect(row.getByRole("note", { name: `Reporter's record over their last 100 decided flags: ${words}` })).toHaveText(words);
  });
});

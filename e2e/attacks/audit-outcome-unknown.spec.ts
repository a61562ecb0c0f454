import { expect, test } from "../support/fixtures";
import { E2E } from "../support/e2e-config";
import { emulatorControl, resetEmulator } from "../support/emulator";
import { storedQueue } from "../support/queue";
import { waitForReady } from "../support/ready";

/**
 * Issue 19 (Low): an action whose outcome is unknown (the request went out and no clear answer came
 * back) was recorded as a failure, which tells an admin it did not happen. The audit viewer now says
 * "may have happened: check" for it, in the row, its details and the outcome filter.
 */
test.describe("an audited action whose outcome is unknown", () => {
  test.use({ storageState: E2E.storage.admin });
  test.beforeEach(async () => resetEmulator());

  test("reads \"may have happened: check\" in the audit viewer", async ({ page }) => {
    const item = (await storedQueue(page)).data.find((i) => i.state === "open" && !i.pinnedBy);
    if (!item) throw new Error("an open, unpinned item");
    // The chat service answers the pin with something that is not its answer: it may have pinned.
    await emulatorControl("faults", { kind: "malformed", route: "POST /messages/:id/pin", count: 1 });
    const pinned = await page.request.post(`/api/messages/${encodeURIComponent(item.id)}/pin`, { data: { version: item.version }, headers: { origin: E2E.appUrl } });
    expect(pinned.status()).toBe(502);
    expect(((await pinned.json()) as { error: { code: string } }).error.code).toBe("ERR_UPSTREAM_BAD_RESPONSE");

    await page.goto(`/admin/audit?message=${encodeURIComponent(item.id)}&outcome=unknown`);
    await waitForReady(page);
    const form = page.getByRole("search", { name: "Filter the audit log" });
    await expect(form.getByLabel("Outcome")).toHaveValue("unknown");
    await expect(form.getByLabel("Outcome").locator("option:checked")).toHaveText("may have happened: check");
    const rows = page.getByRole("table", { name: "Audit log entries, newest first" }).locator("tbody");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("message.pin");
    await expect(rows.first()).toContainText("may have happened: check");
    await expect(rows.first()).toContainText("ERR_UPSTREAM_BAD_RESPONSE");
    await rows.first().getByRole("button", { name: /^Details/ }).click();
    await expect(rows.first().getByRole("definition").filter({ hasText: "may have happened: check" })).toHaveText(/may have happened: check · ERR_UPSTREAM_BAD_RESPONSE · HTTP 502/);
  });
});

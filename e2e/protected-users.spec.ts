import type { Browser } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { emulatorControl, resetEmulator } from "./support/emulator";
import { gotoQueue } from "./support/queue";
import { waitForReady } from "./support/ready";

/**
 * Two-person deactivation of protected users (issue 23): sofia-hernandez carries the tag "vip" and
 * priya-raman the tag "staff", both protected by default.
 */

test.beforeEach(async () => {
  await resetEmulator();
  await emulatorControl("faults", undefined, "DELETE");
});

async function pageAs(browser: Browser, role: "admin" | "moderator") {
  const context = await browser.newContext({ storageState: E2E.storage[role] });
  return { context, page: await context.newPage() };
}

test("a moderator's deactivation of a protected user waits in the queue overview, the moderator cannot approve it, an admin approves it", async ({ browser }) => {
  test.setTimeout(90_000);
  const moderator = await pageAs(browser, "moderator");
  const page = moderator.page;
  await page.goto("/users/sofia-hernandez");
  await waitForReady(page);
  await expect(page.getByRole("note", { name: "Protected user" })).toContainText("Protected (tagged vip)");
  await page.getByRole("button", { name: "Deactivate user" }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate Sofía Hernández (sofia-hernandez)?" });
  await expect(dialog).toContainText("a second staff member must approve it first");
  await dialog.getByRole("button", { name: "Deactivate user" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sofía Hernández (sofia-hernandez) is protected: the deactivation now waits" })).toBeVisible();
  await expect(page.getByRole("note", { name: "Protected user" })).toContainText("A deactivation is waiting for approval.");

  await gotoQueue(page);
  const waiting = page.getByRole("region", { name: /deactivations waiting for approval/ });
  const request = waiting.getByRole("listitem", { name: "Request to deactivate Sofía Hernández" });
  await expect(request).toContainText("Waiting for another staff member (an admin).");
  await expect(request.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // Asked directly, the server refuses the requester's own approval with the reason.
  const list = (await (await page.request.get("/api/deactivation-requests?uid=sofia-hernandez")).json()) as { data: { pending: { id: number }[] } };
  const id = list.data.pending[0]?.id;
  const self = await page.request.post(`/api/deactivation-requests/${id}`, { data: { decision: "approve" }, headers: { origin: E2E.appUrl } });
  expect(self.status()).toBe(403);
  expect(((await self.json()) as { error: { message: string } }).error.message).toContain("another staff member must decide it");

  const admin = await pageAs(browser, "admin");
  await gotoQueue(admin.page);
  const adminRequest = admin.page.getByRole("region", { name: /deactivations waiting for approval/ }).getByRole("listitem", { name: "Request to deactivate Sofía Hernández" });
  await expect(adminRequest).toContainText("Asked by");
  await adminRequest.getByRole("button", { name: "Approve" }).click();
  const confirm = admin.page.getByRole("dialog", { name: "Approve deactivating Sofía Hernández (sofia-hernandez)?" });
  await confirm.getByLabel("Note (optional, kept in the audit log)").fill("Confirmed with the team");
  await confirm.getByRole("button", { name: "Approve and deactivate" }).click();
  await expect(admin.page.getByRole("status").filter({ hasText: "Approved: Sofía Hernández (sofia-hernandez) is deactivated." })).toBeVisible();
  await expect(admin.page.getByRole("listitem", { name: "Request to deactivate Sofía Hernández" })).toHaveCount(0);

  await admin.page.goto("/users/sofia-hernandez");
  await expect(admin.page.getByRole("note", { name: "Deactivated" })).toBeVisible();
  await admin.page.goto("/admin/protected");
  await expect(admin.page.getByRole("list", { name: "Decided requests" })).toContainText("Approved");
  await moderator.context.close();
  await admin.context.close();
});

test.describe("as an admin", () => {
  test.use({ storageState: E2E.storage.admin });

  test("a bulk deactivation with one protected user deactivates the others and leaves a request for that one", async ({ page }) => {
    await page.goto("/users/deactivate");
    await page.getByLabel("UIDs to deactivate").fill("ana-souza priya-raman mateo-rossi");
    await page.getByRole("button", { name: "Deactivate 3 users" }).click();
    const dialog = page.getByRole("dialog", { name: "Deactivate 3 users?" });
    await expect(dialog).toContainText("Protected users in the list are not deactivated yet");
    await dialog.getByRole("button", { name: "Deactivate 3 users" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Done." })).toContainText(
      "2 deactivated, 0 already deactivated, 0 not found, 1 protected, waiting for a second staff member's approval.",
    );
    const results = page.getByRole("region", { name: "Result per UID" });
    await expect(results.getByRole("row", { name: "ana-souza Deactivated" })).toBeVisible();
    await expect(results.getByRole("row", { name: /^priya-raman Protected: waiting for a second staff member's approval/ })).toBeVisible();

    await gotoQueue(page);
    const request = page.getByRole("listitem", { name: "Request to deactivate Priya Raman" });
    await expect(request).toContainText("Waiting for another staff member.");
    await request.getByRole("button", { name: "Cancel request" }).click();
    await page.getByRole("dialog", { name: "Cancel your request to deactivate Priya Raman (priya-raman)?" }).getByRole("button", { name: "Cancel the request" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cancelled your request to deactivate Priya Raman (priya-raman)." })).toBeVisible();
    await expect(request).toHaveCount(0);
  });

  test("the protected list takes a UID with a note and removes it after confirming", async ({ page }) => {
    await page.goto("/admin/protected");
    await waitForReady(page);
    await page.getByRole("main").getByLabel("UID", { exact: true }).fill("maya-cohen");
    await page.getByLabel("Note (why they are protected)").fill("Board member");
    await page.getByRole("button", { name: "Add to the list" }).click();
    const list = page.getByRole("list", { name: "Protected users" });
    await expect(list.getByRole("listitem").filter({ hasText: "maya-cohen" })).toContainText("Board member");
    await page.goto("/users/maya-cohen");
    await expect(page.getByRole("note", { name: "Protected user" })).toContainText("Protected (on the protected list)");
    await page.goto("/admin/protected");
    await page.getByRole("button", { name: "Remove maya-cohen" }).click();
    await page.getByRole("dialog", { name: "Remove maya-cohen from the protected list?" }).getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Nobody is on the list.")).toBeVisible();
  });
});

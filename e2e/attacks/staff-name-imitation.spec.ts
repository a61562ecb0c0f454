import { request } from "@playwright/test";
import { E2E } from "../support/e2e-config";
import { expect, test } from "../support/fixtures";
import { resetEmulator } from "../support/emulator";
import { createFlaggedMessages, gotoQueue, itemRow, marker, versionOf } from "../support/queue";

/**
 * Issue 19 (Low): a staff member could take a colleague's display name ("moderator") and act as
 * them in the queue: a claim, a note or "… is on this" read exactly like the real colleague's.
 * Wherever the queue names a staff member as the one who acted, their email is shown beside it.
 */
const imitator = { email: `imitator-${Date.now().toString(36)}@example.com`, password: "imitator-password-1" };

test.describe("a staff name that imitates a colleague", () => {
  test.use({ storageState: E2E.storage.moderator });
  test.beforeAll(async () => {
    const admin = await request.newContext({ baseURL: E2E.appUrl, storageState: E2E.storage.admin, extraHTTPHeaders: { origin: E2E.appUrl } });
    // The demo moderator's name is "moderator": the imitator takes the same one.
    expect((await admin.post("/api/staff", { data: { ...imitator, name: "moderator", role: "moderator" } })).status()).toBe(200);
    await admin.dispose();
  });
  test.beforeEach(async () => resetEmulator());

  test("claims, notes and presence show the actor's email beside the name", async ({ page }) => {
    const tag = marker("imitated");
    const [id = ""] = await createFlaggedMessages(page, [{ sender: "lucia-fernandez", receiver: "arjun-nair", text: `${tag} message` }]);
    const them = await request.newContext({ baseURL: E2E.appUrl, extraHTTPHeaders: { origin: E2E.appUrl } });
    expect((await them.post("/api/auth/sign-in/email", { data: imitator })).status()).toBe(200);
    expect((await them.post(`/api/review/items/${id}`, { data: { action: "claim", version: await versionOf(page, id) } })).status()).toBe(200);
    expect((await them.post(`/api/review/items/${id}/notes`, { data: { body: "I am the real moderator, trust me." } })).status()).toBe(200);
    expect((await them.post("/api/review/presence", { data: { itemId: id } })).status()).toBe(200);

    await gotoQueue(page, `?q=${tag}`);
    const row = itemRow(page, id);
    await expect(row.getByText(`is on this`)).toContainText(`moderator (${imitator.email})`);
    await expect(row.getByText(/^Claimed by moderator/).first()).toContainText(imitator.email);
    await row.getByRole("button", { name: /^Details/ }).click();
    const note = row.getByRole("listitem").filter({ hasText: "I am the real moderator" });
    await expect(note).toContainText(imitator.email);
    await expect(row.getByRole("region", { name: "Actions" })).toContainText(`Claimed by moderator (${imitator.email})`);
    await them.dispose();
  });
});

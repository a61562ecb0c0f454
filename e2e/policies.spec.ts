import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { createFlaggedMessages, gotoQueue, itemRow, marker, toast, versionOf } from "./support/queue";
import { waitForReady } from "./support/ready";
import type { KnownReason } from "../lib/policies/model/policy-admin-schemas";
import type { PoliciesResponse } from "../lib/policies/model/policy-schemas";
import { DEFAULT_TEAM_SETTINGS } from "../lib/settings/model/team-settings";

/**
 * Issue 23 in the browser: policies on decisions, strikes and their recommendation. The suite
 * shares one dashboard, so every setting and map this file changes is put back after each test.
 * Strike expiry needs a clock the test can move, which a running server's is not: it is tested
 * with an injected now in lib/strikes/server/strike-ledger.test.ts.
 */

const write = { origin: E2E.appUrl };

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: E2E.storage.admin });
  return context.newPage();
}

async function policyId(request: APIRequestContext, name: string): Promise<number> {
  const policies = (await (await request.get("/api/policies")).json()) as PoliciesResponse;
  const found = policies.data.find((p) => p.name === name);
  if (!found) throw new Error(`no policy ${name}`);
  return found.id;
}

test.describe("decisions under policies, and strikes", () => {
  test.use({ storageState: E2E.storage.moderator });
  let admin: Page;
  let reasonMap: Record<string, number>;

  test.beforeEach(async ({ browser }) => {
    await resetEmulator();
    admin = await adminPage(browser);
    const known = (await (await admin.request.get("/api/policies/reason-map")).json()) as { data: KnownReason[] };
    reasonMap = Object.fromEntries(known.data.flatMap((r) => (r.policyId === null ? [] : [[r.id, r.policyId]])));
  });

  test.afterEach(async () => {
    const { requirePolicy, strikeThresholds } = DEFAULT_TEAM_SETTINGS;
    expect((await admin.request.patch("/api/settings", { data: { requirePolicy, strikeThresholds }, headers: write })).status()).toBe(200);
    expect((await admin.request.put("/api/policies/reason-map", { data: { map: reasonMap }, headers: write })).status()).toBe(200);
    await admin.context().close();
  });

  test("an admin requires a policy: a resolve without one is refused, r opens the picker, and with one the row and the sender's page show it", async ({ page }) => {
    // The admin makes the policy required and unmaps the reason, so nothing can be preselected.
    await admin.goto("/admin/policies");
    await waitForReady(admin);
    await admin.getByRole("checkbox", { name: /Require a policy for every resolve/ }).check();
    await admin.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(admin, "Settings saved.")).toBeVisible();
    await admin.getByRole("combobox", { name: "Policy for the reason Harassment" }).selectOption({ label: "No policy" });
    await admin.getByRole("button", { name: "Save the map" }).click();
    await expect(toast(admin, /The reason map is saved/)).toBeVisible();

    const tag = marker("policy");
    const [id = ""] = await createFlaggedMessages(page, [{ sender: "olga-kuznetsova", receiver: "noah-williams", text: `${tag} you are all idiots`, reasonId: "harassment" }]);

    // The API refuses a resolve without a policy, in words, and changes nothing.
    const version = await versionOf(page, id);
    const refused = await page.request.post(`/api/review/items/${id}`, { data: { action: "resolve", version }, headers: write });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ error: { code: "ERR_BAD_REQUEST", message: "body.policyId: this team requires a policy for this decision" } });

    // In the queue, r with nothing to preselect opens the item's picker and says why; nothing is sent.
    await gotoQueue(page, `?q=${tag}`);
    const row = itemRow(page, id);
    await expect(row.getByText(/Suggested policy/)).toHaveCount(0);
    await row.locator(`[data-row-toggle="${id}"]`).focus();
    await page.keyboard.press("r");
    await expect(toast(page, "This team requires a policy for every resolve: choose one in the item's details, then resolve.")).toBeVisible();
    const picker = row.getByRole("combobox", { name: /Policy for a resolve/ });
    await expect(picker).toBeFocused();
    expect(await versionOf(page, id)).toBe(version);

    await picker.selectOption({ label: "Harassment (severity 3)" });
    await expect(row.getByText("Resolving adds 2 strikes to the sender.")).toBeVisible();
    await row.getByRole("button", { name: "Resolve", exact: true }).click();
    await expect(toast(page, "Resolved the message from Olga Kuznetsova. Policy: Harassment.")).toBeVisible();

    await gotoQueue(page, `?state=resolved&q=${tag}`);
    await expect(itemRow(page, id).getByText("Policy: Harassment")).toBeVisible();

    // The sender's page lists the strike, live, with the policy and its weight.
    await page.goto("/users/olga-kuznetsova");
    await waitForReady(page);
    const strikes = page.getByRole("region", { name: /^Strikes:/ });
    const strike = strikes.getByRole("listitem").filter({ hasText: tag });
    await expect(strike).toContainText("Live");
    await expect(strike).toContainText("Harassment");
    await expect(strike).toContainText("2 strikes");
    await expect(strike.getByRole("link", { name: `Message ${id} in the queue` })).toBeVisible();
  });

  test("the threshold's recommendation shows at decision time, and d opens the deactivation's confirmation without acting", async ({ page }) => {
    expect((await admin.request.patch("/api/settings", { data: { strikeThresholds: [{ strikes: 1, action: "deactivate" }] }, headers: write })).status()).toBe(200);
    const tag = marker("strikes");
    const [first = "", second = ""] = await createFlaggedMessages(page, [
      { sender: "santiago-gomez", receiver: "noah-williams", text: `${tag} first` },
      { sender: "santiago-gomez", receiver: "noah-williams", text: `${tag} second` },
    ]);
    // The first item upheld under Violence: a strike for the sender.
    const violence = await policyId(page.request, "Violence");
    const resolved = await page.request.post(`/api/review/items/${first}`, { data: { action: "resolve", version: await versionOf(page, first), policyId: violence }, headers: write });
    expect(resolved.status()).toBe(200);

    await gotoQueue(page, `?q=${tag}`);
    const row = itemRow(page, second);
    // Mapped from its flag's reason (harassment), preselected: one key decides it.
    await expect(row.getByText("Suggested policy: Harassment")).toBeVisible();
    await row.getByRole("button", { name: /^Details/ }).click();
    const recommendation = row.getByRole("status").filter({ hasText: /strikes? in 90 days: deactivation recommended/ });
    await expect(recommendation).toBeVisible();

    await row.locator(`[data-row-toggle="${second}"]`).focus();
    await page.keyboard.press("d");
    const dialog = page.getByRole("dialog", { name: "Deactivate Santiago Gómez (santiago-gomez)?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    // Only a recommendation: nobody was deactivated.
    await expect(row.getByText("Sender deactivated")).toHaveCount(0);
    await expect(row.getByRole("button", { name: "Deactivate sender…" })).toBeEnabled();
  });
});

import { request, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { createFlaggedMessages, gotoQueue, itemRow, marker, toast } from "./support/queue";

/**
 * Issue 10 in the browser: a decision made from a stale view is refused in words naming who changed
 * the item, every review change can be undone for 10 seconds (toast and `z`) and not after, and
 * escalated items are the admins'.
 */

const second = { email: `second-mod-${Date.now().toString(36)}@example.com`, password: "second-moderator-pass" };

async function asAdmin() {
  return request.newContext({ baseURL: E2E.appUrl, storageState: E2E.storage.admin, extraHTTPHeaders: { origin: E2E.appUrl } });
}

/** A browser context signed in as a second moderator (added through the staff API once per run). */
async function secondModerator(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: E2E.appUrl });
  const signIn = await context.request.post("/api/auth/sign-in/email", { data: second, headers: { origin: E2E.appUrl } });
  expect(signIn.status()).toBe(200);
  return context;
}

/** A message nobody has seen, and a page whose queue is narrowed to it. */
async function freshItem(page: Page, sender: string, receiver: string) {
  const tag = marker(sender);
  const [id = ""] = await createFlaggedMessages(page, [{ sender, receiver, text: `${tag} message` }]);
  return { id, tag };
}

test.describe("no collisions, undo and escalation", () => {
  test.use({ storageState: E2E.storage.moderator });
  test.beforeAll(async () => {
    const admin = await asAdmin();
    const added = await admin.post("/api/staff", { data: { ...second, name: "Bea Second", role: "moderator" } });
    expect(added.status()).toBe(200);
    await admin.dispose();
  });
  test.beforeEach(async () => resetEmulator());

  test("a decision made from a stale view is refused naming who changed the item, and the page then shows the current state", async ({ page, browser }) => {
    const { id, tag } = await freshItem(page, "lucia-fernandez", "arjun-nair");
    const bea = await secondModerator(browser);
    const beaPage = await bea.newPage();
    await gotoQueue(beaPage, `?q=${tag}`);
    await expect(itemRow(beaPage, id)).toBeVisible();
    // Bea's view stops hearing news, as on a slow connection: her next decision is made on what she saw.
    // Her list's reads carry the view in their query string, so the route matches the path alone.
    await beaPage.route((url) => url.pathname === "/api/review/queue", (route) => route.abort());
    await beaPage.route("**/api/review/events*", (route) => route.abort());

    await gotoQueue(page, `?q=${tag}`);
    await itemRow(page, id).getByRole("button", { name: "Claim", exact: true }).click();
    await expect(itemRow(page, id).getByText("Claimed by you")).toBeVisible();

    await itemRow(beaPage, id).getByRole("button", { name: "Dismiss", exact: true }).click();
    await expect(toast(beaPage, /^Dismissing failed: moderator changed this item at \d\d:\d\d:\d\d UTC, after you loaded it: it is now open, claimed by moderator\. Nothing was done/)).toBeVisible();
    await beaPage.unrouteAll({ behavior: "ignoreErrors" });
    await beaPage.reload();
    await expect(itemRow(beaPage, id).getByText("Claimed by moderator")).toBeVisible();
    await expect(itemRow(beaPage, id).getByRole("button", { name: "Dismiss", exact: true })).toBeVisible();
    await bea.close();
  });

  test("acting on or opening a colleague's item asks first; taking it over shows the colleague who took it", async ({ page, browser }) => {
    const { id, tag } = await freshItem(page, "amara-nwosu", "lucas-martin");
    await gotoQueue(page, `?q=${tag}`);
    await itemRow(page, id).getByRole("button", { name: "Claim", exact: true }).click();
    await expect(itemRow(page, id).getByText("Claimed by you")).toBeVisible();

    const bea = await secondModerator(browser);
    const beaPage = await bea.newPage();
    await gotoQueue(beaPage, `?q=${tag}`);
    const beaRow = itemRow(beaPage, id);
    await expect(beaRow.getByText(/^Claimed by moderator/)).toBeVisible();

    // Left to the colleague: nothing is sent.
    await beaRow.getByRole("button", { name: "Dismiss", exact: true }).click();
    const question = beaPage.getByRole("dialog", { name: "moderator is on this" });
    await expect(question.getByRole("button", { name: "Take over from moderator" })).toBeVisible();
    await question.getByRole("button", { name: "Leave it" }).click();
    await expect(question).toHaveCount(0);
    await expect(beaRow.getByText("Open", { exact: true })).toBeVisible();

    // Opening the details asks the same, in place.
    await beaRow.getByRole("button", { name: /^Details/ }).click();
    const notice = beaRow.getByRole("region", { name: "moderator is on this" });
    await notice.getByRole("button", { name: "Take over from moderator" }).click();
    await expect(toast(beaPage, "You claimed the message from Amara Nwosu. You took it over from moderator.")).toBeVisible();
    await expect(beaRow.getByText("Claimed by you", { exact: true })).toBeVisible();
    await expect(notice).toHaveCount(0);

    // The colleague's open queue hears of it without a reload.
    await expect(itemRow(page, id).getByText(/^Taken over by Bea Second/)).toBeVisible();
    await itemRow(page, id).getByRole("button", { name: "Resolve", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Bea Second is on this" })).toBeVisible();
    await bea.close();
  });

  test("undoes a claim with z and a resolve from the toast, each as an audit row; after 10 seconds there is nothing to undo", async ({ page }) => {
    const { id, tag } = await freshItem(page, "amara-nwosu", "lucas-martin");
    // The page's clock runs as usual until the test moves it past the undo window.
    await page.clock.install();
    await gotoQueue(page, `?state=all&q=${tag}`);
    const row = itemRow(page, id);
    await row.getByRole("button", { name: "Claim", exact: true }).click();
    await expect(toast(page, "You claimed the message from Amara Nwosu.")).toBeVisible();
    await page.keyboard.press("z");
    await expect(toast(page, "Undone: You claimed the message from Amara Nwosu.")).toBeVisible();
    await expect(row.getByText("Claimed by you")).toHaveCount(0);

    await row.getByRole("button", { name: "Resolve", exact: true }).click();
    await expect(row.getByText("Resolved", { exact: true })).toBeVisible();
    await toast(page, "Resolved the message from Amara Nwosu.").locator("..").getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, "Undone: Resolved the message from Amara Nwosu.")).toBeVisible();
    await expect(row.getByText("Open", { exact: true })).toBeVisible();
    await expect(row.getByText("Claimed by you")).toHaveCount(0);

    const admin = await asAdmin();
    const audit = (await (await admin.get(`/api/audit?action=review.undo&message=${id}`)).json()) as { data: { outcome: string }[] };
    expect(audit.data.map((entry) => entry.outcome)).toEqual(["success", "success"]);
    await admin.dispose();

    await row.getByRole("button", { name: "Dismiss", exact: true }).click();
    await expect(row.getByText("Dismissed", { exact: true })).toBeVisible();
    const dismissedToast = toast(page, "Dismissed the message from Amara Nwosu.").locator("..");
    await expect(dismissedToast.getByRole("button", { name: "Undo" })).toBeVisible();
    // The toast (and its Undo) goes when the window closes, and z then says there is nothing to undo.
    await page.clock.fastForward(10_500);
    await expect(dismissedToast).toHaveCount(0);
    await page.keyboard.press("z");
    await expect(toast(page, "Nothing to undo: a change can be undone for 10 seconds after it.")).toBeVisible();
    await expect(row.getByText("Dismissed", { exact: true })).toBeVisible();
  });

  test("an escalated item waits for an admin: its own tab, first for admins, not actionable by a moderator", async ({ page, browser }) => {
    const { id, tag } = await freshItem(page, "giulia-bianchi", "thandiwe-dlamini");
    await gotoQueue(page, `?q=${tag}`);
    const row = itemRow(page, id);
    await row.getByRole("button", { name: /^Details/ }).click();
    await row.getByLabel(/^Note for the thread/).fill("needs an admin: possible legal issue");
    await row.getByRole("button", { name: "Escalate to admins with note" }).click();
    await expect(toast(page, "Escalated the message from Giulia Bianchi to the admins.")).toBeVisible();
    await expect(row.getByText("Escalated to admins", { exact: true })).toBeVisible();
    // Every action is disabled for the moderator, described in the server's own words.
    const waits = /^This item is escalated to admins by moderator: it waits for an admin/;
    for (const name of ["Resolve", "Dismiss", "Claim", "Deactivate sender…", "Pin message"]) {
      const button = row.getByRole("button", { name, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(waits);
    }
    await row.getByRole("checkbox").check();
    const selection = page.getByRole("region", { name: "Selected items" });
    const bulkDeactivate = selection.getByRole("button", { name: "Deactivate 1 sender…" });
    await expect(bulkDeactivate).toBeDisabled();
    await expect(bulkDeactivate).toHaveAccessibleDescription(/^One selected item is escalated to admins: it waits for an admin/);
    await selection.getByRole("button", { name: "Clear selection" }).click();
    await page.getByRole("button", { name: /^Escalated 1$/ }).click();
    await expect(itemRow(page, id)).toBeVisible();
    // The sender's own page does not offer to deactivate them either, and says why.
    await page.goto("/users/giulia-bianchi");
    const deactivate = page.getByRole("button", { name: "Deactivate user" });
    await expect(deactivate).toBeDisabled();
    await expect(deactivate).toHaveAccessibleDescription(/^giulia-bianchi sent message \S+, which is escalated to admins: it waits for an admin/);

    const adminContext = await browser.newContext({ baseURL: E2E.appUrl, storageState: E2E.storage.admin });
    const adminPage = await adminContext.newPage();
    await gotoQueue(adminPage, "?state=open");
    await expect(adminPage.locator("article[data-message-id]").first()).toHaveAttribute("data-message-id", id);
    const adminRow = itemRow(adminPage, id);
    await adminRow.getByRole("button", { name: /^Details/ }).click();
    await expect(adminRow.getByText("needs an admin: possible legal issue").first()).toBeVisible();
    await adminRow.getByLabel(/^Note for the thread/).fill("not a legal matter: ordinary spam");
    await adminRow.getByRole("button", { name: "De-escalate with note" }).click();
    await expect(toast(adminPage, "De-escalated the message from Giulia Bianchi: moderators can act on it again.")).toBeVisible();
    await expect(adminRow.getByText("Escalated to admins", { exact: true })).toHaveCount(0);
    await adminContext.close();

    await gotoQueue(page, `?q=${tag}`);
    await itemRow(page, id).getByRole("button", { name: "Resolve", exact: true }).click();
    await expect(toast(page, "Resolved the message from Giulia Bianchi.")).toBeVisible();
  });
});

import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { createFlaggedMessages, gotoQueue, marker, shownIds } from "./support/queue";
import { waitForReady } from "./support/ready";
import { signIn } from "./support/sign-in";

/**
 * Signs in through the form and waits for the queue, in a context of its own: signing out must not
 * end the suite's shared sessions.
 */
async function signInToQueue(page: Page, email: string) {
  await signIn(page, email);
  // Checking the password (scrypt) is slow on a busy machine: wait for the queue as long as the test may run.
  await page.waitForURL(`${E2E.appUrl}/`);
  await waitForReady(page);
}

async function saveView(page: Page, name: string, shared: boolean) {
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this view" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Share with the team").setChecked(shared);
  await dialog.getByRole("button", { name: "Save view" }).click();
  await expect(dialog).toBeHidden();
}

const myViews = (page: Page) => page.getByRole("list", { name: "My views" });
const teamViews = (page: Page) => page.getByRole("list", { name: "Team views" });
const sorted = (ids: string[]) => [...ids].sort();
/**
 * Waits until the list shows the whole queue's items (this many, when given): after other specs the
 * queue is large, and the browser shows only its first rows until the rest has loaded.
 */
const listOf = (page: Page, count?: number) =>
  page.getByRole("list", { name: count === undefined ? /^Flagged messages \(\d+\)$/ : `Flagged messages (${count})` }).waitFor();

async function newPage(browser: Browser, storageState?: string) {
  const context = await browser.newContext(storageState ? { storageState } : {});
  return { context, page: await context.newPage() };
}

test.describe("saved queue views", () => {
  test.beforeEach(async () => resetEmulator());

  test("follow the moderator through a sign-out, with their counts; the shared one reaches another staff member, the private one does not", async ({ browser }) => {
    // Two sign-ins through the form and two browsers: more steps than the default time allows on a busy machine.
    test.slow();
    const tag = marker("views");
    const { context, page } = await newPage(browser);
    await signInToQueue(page, E2E.moderator);
    const ids = await createFlaggedMessages(page, [
      { sender: "ana-souza", receiver: "mia-schmidt", text: `${tag} first`, reasonId: "spam" },
      { sender: "kenji-watanabe", receiver: "mia-schmidt", text: `${tag} second`, reasonId: "harassment" },
      { sender: "ana-souza", receiver: "sofia-hernandez", text: `${tag} third`, reasonId: "spam" },
    ]);
    const [first = "", , third = ""] = ids;
    await gotoQueue(page);

    // A private view: this test's messages, oldest first.
    await page.getByLabel("Search messages and names").fill(tag);
    await page.getByLabel("Sort by").selectOption("oldest");
    await listOf(page, 3);
    await expect.poll(() => shownIds(page).then(sorted)).toEqual(sorted(ids));
    const privateName = `Mine ${tag}`;
    await saveView(page, privateName, false);
    const privateLink = myViews(page).getByRole("link", { name: new RegExp(`^${privateName}`) });
    await expect(privateLink).toHaveAttribute("aria-current", "page");
    await expect(privateLink).toHaveAccessibleName(`${privateName} 3 items`);

    // A shared view: only the spam among them.
    await page.getByLabel("Reason", { exact: true }).selectOption("spam");
    await listOf(page, 2);
    await expect.poll(() => shownIds(page).then(sorted)).toEqual(sorted([first, third]));
    const sharedName = `Team spam ${tag}`;
    await saveView(page, sharedName, true);
    const sharedLink = myViews(page).getByRole("link", { name: new RegExp(`^${sharedName}`) });
    await expect(sharedLink).toHaveAttribute("aria-current", "page");
    await expect(sharedLink).toHaveAccessibleName(`${sharedName} 2 items`);
    await expect(privateLink).not.toHaveAttribute("aria-current", "page");

    // Applying the private view again shows its list and puts it in the address.
    await privateLink.click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await expect(page).not.toHaveURL(/reason=/);
    await expect(privateLink).toHaveAttribute("aria-current", "page");
    await expect.poll(() => shownIds(page).then(sorted)).toEqual(sorted(ids));

    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await signInToQueue(page, E2E.moderator);
    await listOf(page);
    await expect(myViews(page).getByRole("link", { name: `${privateName} 3 items` })).toBeVisible();
    await expect(myViews(page).getByRole("link", { name: `${sharedName} 2 items` })).toBeVisible();
    await context.close();

    // Another staff member, in a browser of their own.
    const other = await newPage(browser, E2E.storage.admin);
    await gotoQueue(other.page);
    await listOf(other.page);
    const teamLink = teamViews(other.page).getByRole("link", { name: `${sharedName} 2 items` });
    await expect(teamLink).toBeVisible();
    await expect(other.page.getByRole("link", { name: new RegExp(`^${privateName}`) })).toHaveCount(0);
    await teamLink.click();
    await expect(other.page).toHaveURL(/[?&]reason=spam/);
    await expect(other.page).toHaveURL(/[?&]sort=oldest/);
    await expect(teamLink).toHaveAttribute("aria-current", "page");
    await expect(other.page.getByLabel("Search messages and names")).toHaveValue(tag);
    await listOf(other.page, 2);
    await expect.poll(() => shownIds(other.page).then(sorted)).toEqual(sorted([first, third]));
    await other.context.close();
  });

  test("saving works from the keyboard, a duplicate name is refused in words, and deleting asks first", async ({ browser }) => {
    const tag = marker("dup");
    const { context, page } = await newPage(browser, E2E.storage.moderator);
    await gotoQueue(page, `?state=all&q=${tag}`);
    const name = `Everything ${tag}`;

    await page.getByRole("button", { name: "Save view" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Save this view" });
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    const link = myViews(page).getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute("aria-current", "page");
    await expect(link).toHaveAttribute("href", `/?state=all&q=${tag}`);

    await page.getByRole("button", { name: "Save view" }).click();
    await dialog.getByLabel("Name").fill(` ${name} `);
    await dialog.getByRole("button", { name: "Save view" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(`You already have a saved view named "${name}". Choose another name.`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete saved view "${name}"?` });
    await expect(confirm).toContainText("Only you had it.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(link).toBeVisible();
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await confirm.getByRole("button", { name: "Delete view" }).click();
    await expect(link).toHaveCount(0);
    await context.close();
  });

  test("on a phone, the saved views are a collapsed section above the list", async ({ browser }) => {
    const context = await browser.newContext({ storageState: E2E.storage.moderator, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await gotoQueue(page);
    const toggle = page.getByRole("button", { name: /^Saved views/ });
    // The panel's code loads after the rows (a placeholder stands in until then).
    await toggle.waitFor();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("button", { name: "Save view" })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("button", { name: "Save view" })).toBeVisible();
    const section = await toggle.boundingBox();
    const list = await page.getByRole("list", { name: /^Flagged messages/ }).boundingBox();
    expect(section && list && section.y < list.y).toBe(true);
    await context.close();
  });
});

import { request, type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { EMULATOR_DEMO_API_KEY } from "../lib/emulator/keys";
import { E2E } from "./support/e2e-config";
import { emulatorControl, resetEmulator } from "./support/emulator";
import { createFlaggedMessages, gotoQueue, flagUpstream, itemRow, marker, queueSnapshot, storedQueue, toast, versionOf } from "./support/queue";
import { reloadReady } from "./support/ready";

const current = (page: Page) => page.locator('article[aria-current="true"]');

/** Confirms a pin in its dialog (a pin cannot be undone, so it is always asked first). */
async function confirmPin(page: Page, as = /^Pin as /) {
  const dialog = page.getByRole("dialog", { name: /^Pin the message from/ });
  await dialog.getByRole("button", { name: as }).click();
  // While a dialog is open the queue's shortcuts are silent: the next key must not reach it.
  await expect(dialog).toHaveCount(0);
}

/** One message the dashboard has never seen, and the queue narrowed to it. */
async function openFresh(page: Page, sender: string, receiver: string) {
  const tag = marker(sender);
  const [id = ""] = await createFlaggedMessages(page, [{ sender, receiver, text: `${tag} message` }]);
  await gotoQueue(page, `?q=${tag}`);
  const row = itemRow(page, id);
  await expect(row).toBeVisible();
  return { id, row, tag };
}

test.describe("pinning on behalf of a user, as an admin", () => {
  test.use({ storageState: E2E.storage.admin });
  test.beforeEach(async () => resetEmulator());

  test("pins on behalf of a UID typed in", async ({ page }) => {
    const { row } = await openFresh(page, "chloe-lefevre", "erik-lindqvist");
    await row.getByRole("button", { name: /^Details/ }).click();
    await row.getByRole("radio", { name: "Another user" }).check();
    await row.getByLabel("UID to pin as").fill("priya-raman");
    await row.getByRole("button", { name: "Pin message" }).click();
    await confirmPin(page, /^Pin as the user priya-raman$/);
    await expect(toast(page, /^Pinned by priya-raman at/)).toBeVisible();
    await expect(row.getByText(/^Pinned by priya-raman/)).toBeVisible();
  });

  test("says in words that a role may not pin when pinning on behalf of a restricted user", async ({ page }) => {
    const { row } = await openFresh(page, "victor-crane", "ingrid-johansen");
    await row.getByRole("button", { name: /^Details/ }).click();
    await row.getByRole("radio", { name: "The sender, Victor Crane" }).check();
    await row.getByRole("button", { name: "Pin message" }).click();
    await confirmPin(page);
    await expect(toast(page, /pinned messages are switched off for this app, or Victor Crane \(role "restricted"\) may not pin messages/)).toBeVisible();
    await expect(row.getByText("Pinned", { exact: true })).toHaveCount(0);
  });
});

test.describe("review actions", () => {
  test.use({ storageState: E2E.storage.moderator });
  test.beforeEach(async () => resetEmulator());

  test("pins as the app and shows who pinned it and when", async ({ page }) => {
    const { row } = await openFresh(page, "lucia-fernandez", "arjun-nair");
    await row.getByRole("button", { name: /^Details/ }).click();
    // Pinning on behalf of a user is for admins (PIN_ON_BEHALF_OF): a moderator is offered only the app.
    await expect(row.getByRole("radio", { name: "Another user" })).toHaveCount(0);
    await row.getByRole("button", { name: "Pin message" }).click();
    await expect(page.getByRole("dialog", { name: /^Pin the message from/ })).toContainText("cannot be undone from the dashboard");
    await confirmPin(page, /^Pin as the app$/);
    await expect(toast(page, /^Pinned by the app at .+ UTC\.$/)).toBeVisible();
    await expect(row.getByText("Pinned", { exact: true })).toBeVisible();
    await expect(row.getByText(/^Pinned by the app/)).toBeVisible();
  });

  test("the sixth pin in one conversation, with the service's limit set to 5, says the conversation already has its maximum of 5", async ({ page }) => {
    // The real service allows 100 (the emulator's default); the limit and its words come from the service's refusal.
    await emulatorControl("settings", { pinLimit: 5 });
    const conversation = "chad-becker_user_emma-johnson";
    await gotoQueue(page, `?state=all&conversation=${conversation}&sort=oldest`);
    await expect(current(page)).toBeVisible();
    for (let pinned = 0; pinned < 5; pinned++) {
      await expect(current(page).getByText("Pinned", { exact: true })).toHaveCount(0);
      await page.keyboard.press("p");
      await confirmPin(page);
      await expect(current(page).getByText("Pinned", { exact: true })).toBeVisible();
      await page.keyboard.press("j");
    }
    await expect(current(page).getByText("Pinned", { exact: true })).toHaveCount(0);
    await page.keyboard.press("p");
    await confirmPin(page);
    await expect(toast(page, "Not pinned: this conversation already has its maximum of 5 pinned messages.")).toBeVisible();
    await expect(current(page).getByText("Pinned", { exact: true })).toHaveCount(0);
  });

  test("claims and unclaims, kept across a reload; claiming an item someone else claimed first asks before taking it over", async ({ page }) => {
    const { id, row } = await openFresh(page, "amara-nwosu", "lucas-martin");
    await row.getByRole("button", { name: "Claim", exact: true }).click();
    await expect(row.getByText("Claimed by you")).toBeVisible();
    await reloadReady(page);
    await expect(itemRow(page, id).getByText("Claimed by you")).toBeVisible();
    await itemRow(page, id).getByRole("button", { name: "Unclaim" }).click();
    await expect(itemRow(page, id).getByText("Claimed by you")).toHaveCount(0);
    // The row changes before the server answers: the admin claims once the unclaim is stored.
    await expect.poll(async () => (await storedQueue(page)).data.find((item) => item.id === id)?.assignee ?? null).toBeNull();

    const admin = await request.newContext({ baseURL: E2E.appUrl, storageState: E2E.storage.admin, extraHTTPHeaders: { origin: E2E.appUrl } });
    expect((await admin.post(`/api/review/items/${id}`, { data: { action: "claim", version: await versionOf(page, id) } })).status()).toBe(200);
    await admin.dispose();
    // The live stream brings the admin's claim; claiming then asks, and leaving it sends nothing.
    await expect(itemRow(page, id).getByText(/^Claimed by admin/)).toBeVisible();
    await itemRow(page, id).getByRole("button", { name: "Claim", exact: true }).click();
    const question = page.getByRole("dialog", { name: "admin is on this" });
    await question.getByRole("button", { name: "Leave it" }).click();
    await expect(question).toHaveCount(0);
    await expect(itemRow(page, id).getByText(/^Claimed by admin/)).toBeVisible();
    await expect(itemRow(page, id).getByText("Claimed by you")).toHaveCount(0);
  });

  test("keeps notes as a thread, resolves with a note, and undoes the decision from the toast", async ({ page }) => {
    const { id, row, tag } = await openFresh(page, "giulia-bianchi", "thandiwe-dlamini");
    await row.getByRole("button", { name: /^Details/ }).click();
    await row.getByLabel(/^Note for the thread/).fill("Checked the conversation history.");
    await row.getByRole("button", { name: "Add note" }).click();
    await expect(toast(page, "Note added")).toBeVisible();
    const notes = row.getByRole("region", { name: "Notes" });
    await expect(notes.getByRole("listitem").filter({ hasText: "Checked the conversation history." })).toContainText("moderator");

    await reloadReady(page);
    await itemRow(page, id).getByRole("button", { name: /^Details/ }).click();
    await expect(itemRow(page, id).getByRole("region", { name: "Notes" })).toContainText("Checked the conversation history.");
    await itemRow(page, id).getByLabel(/^Note for the thread/).fill("Warned the sender.");
    await itemRow(page, id).getByRole("button", { name: "Resolve with note" }).click();
    const resolved = toast(page, "Resolved the message from Giulia Bianchi. Your note was saved with it.");
    await expect(resolved).toBeVisible();
    await expect(itemRow(page, id)).toHaveCount(0);
    await expect(page.getByText("No items match this search and these filters.")).toBeVisible();

    await page.getByRole("status").getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, "Undone: Resolved the message from Giulia Bianchi.")).toBeVisible();
    await expect(itemRow(page, id)).toBeVisible();
    await gotoQueue(page, `?state=all&q=${tag}`);
    await itemRow(page, id).getByRole("button", { name: /^Details/ }).click();
    await expect(itemRow(page, id).getByRole("region", { name: "Notes" }).getByRole("listitem")).toHaveCount(2);
  });

  test("Resolve and Dismiss say what they do for users, and a decision reaches the chat service once its undo time has passed", async ({ page }) => {
    test.setTimeout(90_000);
    const { id, row, tag } = await openFresh(page, "omar-haddad", "lea-dubois");
    await expect(row.getByRole("button", { name: "Resolve", exact: true })).toHaveAttribute("title", /hides the message from its users/);
    await expect(row.getByRole("button", { name: "Dismiss", exact: true })).toHaveAttribute("title", /stays visible to its users/);
    await row.getByRole("button", { name: "Resolve", exact: true }).click();
    await expect(toast(page, "Resolved the message from Omar Haddad.")).toBeVisible();

    await gotoQueue(page, `?state=all&q=${tag}`);
    const decided = itemRow(page, id);
    await decided.getByRole("button", { name: /^Details/ }).click();
    const writeBack = decided.getByTestId("write-back");
    await expect(writeBack).toContainText(/the message is hidden from users/);
    // Sent by the server's background sender after the 10 s undo time (+2 s grace): the item says so when it happens.
    await expect(writeBack).toContainText("Written to the chat service", { timeout: 30_000 });
    expect(await emulatorControl("reviewed", undefined, "GET")).toEqual({ reviewed: { [id]: "disapproved" } });
  });

  test("reopens a resolved item when it receives a new flag, marked as reopened", async ({ page }) => {
    const { id, row, tag } = await openFresh(page, "kwame-mensah", "maya-cohen");
    await row.getByRole("button", { name: "Resolve", exact: true }).click();
    await expect(row).toHaveCount(0);
    await page.getByRole("button", { name: /^Resolved \d+/ }).click();
    await expect(page).toHaveURL(/state=resolved/);
    await expect(itemRow(page, id).getByText("Resolved", { exact: true })).toBeVisible();

    await flagUpstream(id, "isabella-costa", "hate_speech", "Again, worse this time");
    await queueSnapshot(page);
    await page.getByRole("button", { name: "Refresh now" }).click();
    await expect(itemRow(page, id)).toHaveCount(0);
    await page.getByRole("button", { name: /^Open \d+/ }).click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*\\?q=${tag}$`));
    await expect(itemRow(page, id).getByText("Open (reopened)")).toBeVisible();
    await expect(itemRow(page, id).getByText("2 flags")).toBeVisible();
  });

  test("deactivates the sender after a confirmation naming them, and marks them everywhere in the queue", async ({ page }) => {
    const { id, row } = await openFresh(page, "tomas-novak", "lea-dubois");
    await row.getByRole("button", { name: /^Details/ }).click();
    await row.getByRole("button", { name: "Deactivate sender…" }).click();
    const dialog = page.getByRole("dialog", { name: "Deactivate Tomáš Novák (tomas-novak)?" });
    await expect(dialog).toContainText("Their account data and messages are kept.");
    await expect(dialog).toContainText("Only an admin can undo this: with Reactivate on the user's page.");
    await dialog.getByRole("button", { name: "Deactivate user" }).click();
    await expect(toast(page, "Deactivated Tomáš Novák (tomas-novak).")).toBeVisible();
    await expect(itemRow(page, id).getByText("Sender deactivated")).toBeVisible();

    await gotoQueue(page, "?state=all&sender=tomas-novak");
    const rows = page.locator("article");
    expect(await rows.count()).toBeGreaterThan(1);
    for (const r of await rows.all()) await expect(r.getByText("Sender deactivated")).toBeVisible();
  });

  test("bulk deactivates the distinct senders of a shift-click range after one confirmation, and calls out each sender's outcome", async ({ page }) => {
    const tag = marker("bulk");
    const ids = await createFlaggedMessages(page, [
      { sender: "pedro-alves", receiver: "noah-williams", text: `${tag} one` },
      { sender: "rahul-mehta", receiver: "noah-williams", text: `${tag} two` },
      { sender: "wei-zhang", receiver: "noah-williams", text: `${tag} three` },
    ]);
    // Already deactivated at the chat service, unknown to the dashboard: the service says so.
    const upstream = await fetch(`${E2E.emulatorUrl}/v3/users`, {
      method: "DELETE",
      headers: { apikey: EMULATOR_DEMO_API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ uidsToDeactivate: ["wei-zhang"] }),
    });
    expect(upstream.status).toBe(200);

    await gotoQueue(page, `?q=${tag}&sort=oldest`);
    await itemRow(page, ids[0] ?? "").getByRole("checkbox").check();
    await itemRow(page, ids[2] ?? "").getByRole("checkbox").click({ modifiers: ["Shift"] });
    const bar = page.getByRole("region", { name: "Selected items" });
    await expect(bar).toContainText("3 selected");
    await bar.getByRole("button", { name: "Deactivate 3 senders…" }).click();
    const dialog = page.getByRole("dialog", { name: "Deactivate 3 senders?" });
    for (const text of ["Pedro Alves", "(pedro-alves)", "Rahul Mehta", "(rahul-mehta)", "Wei Zhang", "(wei-zhang)"]) await expect(dialog).toContainText(text);
    await dialog.getByRole("button", { name: "Deactivate 3 users" }).click();

    const result = page.getByRole("region", { name: "Deactivation result" });
    await expect(result).toContainText("Deactivated 2 of 3: Pedro Alves (pedro-alves), Rahul Mehta (rahul-mehta).");
    await expect(result.getByRole("listitem")).toHaveText(["Already deactivated: Wei Zhang (wei-zhang)."]);
    await expect(itemRow(page, ids[0] ?? "").getByText("Sender deactivated")).toBeVisible();
    await expect(itemRow(page, ids[2] ?? "").getByText("Sender deactivated")).toHaveCount(0);
  });

  test("bulk resolves the selected items", async ({ page }) => {
    const tag = marker("bulk-resolve");
    const ids = await createFlaggedMessages(page, [
      { sender: "ingrid-johansen", receiver: "kim-hana", text: `${tag} one` },
      { sender: "sakura-tanaka", receiver: "kim-hana", text: `${tag} two` },
    ]);
    await gotoQueue(page, `?q=${tag}`);
    await page.getByLabel("Select all 2 shown").check();
    await page.getByRole("region", { name: "Selected items" }).getByRole("button", { name: "Resolve selected" }).click();
    await expect(toast(page, "Resolved 2 of 2 items.")).toBeVisible();
    await expect(page.getByText("No items match this search and these filters.")).toBeVisible();
    const snapshot = await queueSnapshot(page);
    for (const id of ids) expect(snapshot.data.find((i) => i.id === id)?.state).toBe("resolved");
  });

  test("clears a queue from the keyboard, and shortcuts never fire while typing", async ({ page }) => {
    const tag = marker("keys");
    const ids = await createFlaggedMessages(page, [
      { sender: "mateo-rossi", receiver: "lena-fischer", text: `${tag} first` },
      { sender: "noah-williams", receiver: "lena-fischer", text: `${tag} second` },
      { sender: "emma-johnson", receiver: "lena-fischer", text: `${tag} third` },
    ]);
    const [first = "", second = "", third = ""] = ids;
    await gotoQueue(page, `?q=${tag}&sort=oldest`);
    await expect(current(page)).toHaveAttribute("data-message-id", first);

    await page.keyboard.press("j");
    await expect(current(page)).toHaveAttribute("data-message-id", second);
    await page.keyboard.press("k");
    await expect(current(page)).toHaveAttribute("data-message-id", first);

    await page.keyboard.press("x");
    await expect(itemRow(page, first).getByRole("checkbox")).toBeChecked();
    await page.keyboard.press("x");
    await expect(itemRow(page, first).getByRole("checkbox")).not.toBeChecked();

    await page.keyboard.press("o");
    await expect(itemRow(page, first).getByRole("button", { name: /^Hide details/ })).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("o");
    await expect(itemRow(page, first).getByRole("button", { name: /^Details/ })).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("c");
    await expect(itemRow(page, first).getByText("Claimed by you")).toBeVisible();

    await page.keyboard.press("n");
    const note = itemRow(page, first).getByLabel(/^Note for the thread/);
    await expect(note).toBeFocused();
    await page.keyboard.type("red");
    await expect(note).toHaveValue("red");
    await expect(itemRow(page, first).getByText("Open", { exact: true })).toBeVisible();
    await note.evaluate((el) => (el as HTMLElement).blur());

    await page.keyboard.press("r");
    await expect(toast(page, "Resolved the message from Mateo Rossi.")).toBeVisible();
    await expect(itemRow(page, first)).toHaveCount(0);
    await expect(current(page)).toHaveAttribute("data-message-id", second);

    await page.keyboard.press("e");
    await expect(toast(page, "Dismissed the message from Noah Williams.")).toBeVisible();
    await expect(current(page)).toHaveAttribute("data-message-id", third);

    await page.keyboard.press("p");
    await expect(page.getByRole("dialog", { name: "Pin the message from Emma Johnson?" })).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(toast(page, /^Pinned by the app/)).toBeVisible();

    await page.keyboard.press("d");
    const dialog = page.getByRole("dialog", { name: "Deactivate Emma Johnson (emma-johnson)?" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.keyboard.press("/");
    await expect(page.getByLabel("Search messages and names")).toBeFocused();
    await page.keyboard.press("Escape");

    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    for (const key of ["j", "k", "x", "o", "m", "Enter", "p", "d", "r", "e", "c", "n", "/", "?"]) await expect(help.getByText(key, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    const snapshot = await queueSnapshot(page);
    expect(snapshot.data.find((i) => i.id === first)?.state).toBe("resolved");
    expect(snapshot.data.find((i) => i.id === second)?.state).toBe("dismissed");
    expect(snapshot.data.find((i) => i.id === third)).toMatchObject({ state: "open", pinnedBy: "app_system" });
  });
});

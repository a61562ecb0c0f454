import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { createFlaggedMessages, gotoQueue, itemRow, marker, shownIds, storedQueue } from "./support/queue";
import { waitForReady } from "./support/ready";

test.describe("priority and the command palette", () => {
  test.use({ storageState: E2E.storage.moderator });
  test.beforeEach(async () => resetEmulator());

  test("the queue opens most urgent first, and each item says why its priority is what it is", async ({ page }) => {
    // Two syncs and three page loads: on a loaded machine that is more than the default.
    test.setTimeout(90_000);
    // Two new items alike but for their flag's reason: violence (severity 5) must come before other (1).
    const tag = marker("priority");
    const [mild = "", severe = ""] = await createFlaggedMessages(page, [
      { sender: "kim-hana", receiver: "wei-zhang", text: `${tag} meh`, flagger: "noah-williams", reasonId: "other" },
      { sender: "kim-hana", receiver: "wei-zhang", text: `${tag} threat`, flagger: "noah-williams", reasonId: "violence" },
    ]);
    // Scored by the sync that brought them, just after it stored them.
    await expect.poll(async () => (await storedQueue(page)).data.filter((item) => [mild, severe].includes(item.id) && item.priorityDetail !== null).length, { timeout: 20_000 }).toBe(2);
    const stored = await storedQueue(page);
    const score = (id: string) => stored.data.find((item) => item.id === id)?.priority ?? -1;
    expect(score(severe)).toBeGreaterThan(score(mild));

    await gotoQueue(page);
    await expect(page.getByLabel("Sort by")).toHaveValue("priority");
    const scores = stored.data.filter((item) => item.state === "open").map((item) => item.priority);
    const shown = await shownIds(page);
    const shownScores = shown.map((id) => stored.data.find((item) => item.id === id)?.priority ?? -1);
    // The rows on screen (the list renders what the window shows) are the highest scores, in order.
    expect(shownScores.length).toBeGreaterThan(3);
    expect(shownScores).toEqual([...scores].sort((a, b) => b - a).slice(0, shownScores.length));

    await gotoQueue(page, `?q=${tag}`);
    expect(await shownIds(page)).toEqual([severe, mild]);
    const row = itemRow(page, severe);
    await expect(row.getByText(`P ${score(severe)}`)).toBeVisible();
    await row.getByRole("button", { name: /^Details/ }).click();
    const why = row.getByRole("region", { name: "Why this priority" });
    await expect(why.getByRole("heading")).toHaveText(new RegExp(`^Priority ${score(severe)} of 100`));
    await expect(why.getByRole("row", { name: /Policy severity/ })).toContainText("severity 5 of 5");
    await expect(why.getByRole("row", { name: /Flaggers/ })).toContainText("1 flagger");
  });

  test("Ctrl-K jumps to an item by its message id, to a user, and to the pages a moderator may open", async ({ page }) => {
    const [id = ""] = await createFlaggedMessages(page, [{ sender: "mateo-rossi", receiver: "kim-hana", text: marker("palette"), flagger: "wei-zhang", reasonId: "spam" }]);
    await gotoQueue(page);

    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Jump to" });
    const input = palette.getByRole("combobox");
    await expect(input).toBeFocused();
    await input.fill(id);
    await expect(palette.getByRole("option").first()).toHaveText(new RegExp(`Item with message id ${id}`));
    await input.press("Enter");
    await expect(page).toHaveURL(new RegExp(`\\?state=all&q=${id}$`));
    await waitForReady(page);
    expect(await shownIds(page)).toEqual([id]);

    await page.getByRole("button", { name: /^Jump to/ }).click();
    await palette.getByRole("combobox").fill("kim-hana");
    await palette.getByRole("combobox").press("ArrowDown");
    await expect(palette.getByRole("option", { name: /User kim-hana/ })).toHaveAttribute("aria-selected", "true");
    await palette.getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(/\/users\/kim-hana$/);
    await waitForReady(page);

    await page.keyboard.press("Control+k");
    await palette.getByRole("combobox").fill("audit");
    // A moderator is not offered the admins' audit log; Escape closes without going anywhere.
    await expect(palette.getByRole("option", { name: "Audit log" })).toHaveCount(0);
    await palette.getByRole("combobox").press("Escape");
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(/\/users\/kim-hana$/);
  });
});

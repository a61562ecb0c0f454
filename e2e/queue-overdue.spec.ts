import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { gotoQueue, itemRow, queueSnapshot, queueSummary, shownIds, toast } from "./support/queue";
import { REVIEW_COUNTS_REFRESH_MS } from "../lib/queries/review-counts";
import { isOverdue, overdueCutoff, overdueRule } from "../lib/review/model/overdue";
import type { StoredItem } from "../lib/review/model/review-schemas";
import { reloadReady } from "./support/ready";

const TARGET_HOURS = Number(E2E.serverEnv.REVIEW_TARGET_HOURS);
/** The page's clock moves in half minutes: items this close to the target may be either, so no assert rests on them. */
const MARGIN_SECONDS = 120;

/** The open items the dashboard holds, split by the overdue rule with a margin either side of the target. */
async function openItems(page: Page) {
  const queue = await queueSnapshot(page);
  const { totals } = await queueSummary(page);
  const now = Math.floor(Date.now() / 1000);
  const cutoff = overdueCutoff(overdueRule(TARGET_HOURS, now));
  const open = queue.data.filter((i) => i.state === "open");
  const overdue = open
    .filter((i) => i.firstFlaggedAt < cutoff - MARGIN_SECONDS)
    .sort((a, b) => a.firstFlaggedAt - b.firstFlaggedAt || (a.id < b.id ? -1 : 1));
  const fresh = open.filter((i) => i.firstFlaggedAt > cutoff + MARGIN_SECONDS);
  return { totalOpen: totals.open, open, overdue, fresh, now, unsure: open.length - overdue.length - fresh.length };
}

const header = (page: Page) => page.getByRole("banner");
const countIn = async (page: Page, name: RegExp) => Number((await header(page).getByRole("link", { name }).textContent())?.match(/\d+/)?.[0]);

test.describe("overdue review items", () => {
  test.use({ storageState: E2E.storage.moderator });
  test.beforeEach(async () => resetEmulator());

  test("are marked, counted in the strip, and sorted first, oldest first flag first, by a sort that survives a reload", async ({ page }) => {
    const { overdue, fresh, now, unsure } = await openItems(page);
    expect(overdue.length).toBeGreaterThan(0);
    expect(fresh.length).toBeGreaterThan(0);
    // The configured target is used, not the default: some item is overdue at 12 hours and would not be at 24.
    expect(overdue.some((i) => !isOverdue(i, overdueRule(24, now)))).toBe(true);

    await gotoQueue(page);
    const counted = Number(await page.getByTestId("overdue-count").textContent());
    expect(counted).toBeGreaterThanOrEqual(overdue.length);
    expect(counted).toBeLessThanOrEqual(overdue.length + unsure);
    await expect(page.getByText(`items are overdue (open for more than ${TARGET_HOURS} hours since the first flag)`)).toBeVisible();

    await page.getByLabel("Sort by").selectOption("overdue");
    await expect(page).toHaveURL(/[?&]sort=overdue(&|$)/);
    const expectFirstRowsOverdue = async () => {
      // The list is virtualized: only the rows in view are in the page.
      const first = overdue.slice(0, 5);
      await expect.poll(async () => (await shownIds(page)).slice(0, first.length)).toEqual(first.map((i) => i.id));
      for (const item of first) await expect(itemRow(page, item.id).getByText("Overdue", { exact: true })).toBeVisible();
    };
    await expectFirstRowsOverdue();
    const oldest = itemRow(page, overdue[0]?.id ?? "");
    await expect(oldest.getByText("Overdue", { exact: true })).toHaveAttribute("title", `Open for more than ${TARGET_HOURS} hours since its first flag`);
    await expect(oldest.getByText(/^(first flagged|flagged) /)).toBeVisible();
    await expect(oldest.locator("time").first()).toHaveAttribute("title", /UTC$/);

    await reloadReady(page);
    await expect(page.getByLabel("Sort by")).toHaveValue("overdue");
    await expectFirstRowsOverdue();
  });

  test("leave items first flagged within the target unmarked, and the strip leads to the sort", async ({ page }) => {
    const { fresh } = await openItems(page);
    // An item first flagged within the target has no badge (its conversation narrows the list to a few rows).
    const young = fresh[0] as StoredItem;
    await gotoQueue(page, `?conversation=${encodeURIComponent(young.conversationId)}`);
    await expect(itemRow(page, young.id)).toBeVisible();
    await expect(itemRow(page, young.id).getByText("Overdue", { exact: true })).toHaveCount(0);

    // The strip's own way to the sort.
    await page.getByRole("button", { name: "Show the oldest overdue first" }).click();
    await expect(page.getByLabel("Sort by")).toHaveValue("overdue");
    await expect(page).toHaveURL(/[?&]sort=overdue(&|$)/);
  });

  test("are counted with the open items in the header of every page, linking to the queue's matching view", async ({ page }) => {
    const { totalOpen, overdue, unsure } = await openItems(page);

    await page.goto("/users");
    const openLink = header(page).getByRole("link", { name: /^\d+ open items?$/ });
    await expect(openLink).toHaveText(`${totalOpen} open items`);
    const overdueOnUsers = await countIn(page, /^\d+ overdue items?$/);
    expect(overdueOnUsers).toBeGreaterThanOrEqual(overdue.length);
    expect(overdueOnUsers).toBeLessThanOrEqual(overdue.length + unsure);
    // Nothing is escalated: no escalated count.
    await expect(header(page).getByRole("link", { name: /escalated/ })).toHaveCount(0);

    await header(page).getByRole("link", { name: /^\d+ overdue items?$/ }).click();
    await expect(page).toHaveURL(/\/\?state=open&sort=overdue$/);
    await expect(page.getByLabel("Sort by")).toHaveValue("overdue");
    await expect(page.getByRole("heading", { name: "Review queue" })).toBeVisible();

    // On the queue too, and a decision there updates the header without waiting for its poll.
    await expect(openLink).toHaveText(`${totalOpen} open items`);
    // The view's own rows (oldest overdue first), and the decision's own word that it was made: a
    // count left unchanged then means the header missed it. (Failed once in a whole run, with the
    // count unchanged, before these two waits said which.)
    const first = overdue[0]?.id ?? "";
    await expect.poll(async () => (await shownIds(page))[0]).toBe(first);
    await itemRow(page, first).getByRole("button", { name: "Resolve" }).click();
    await expect(toast(page, /^Resolved the message from /)).toBeVisible();
    await expect(openLink).toHaveText(`${totalOpen - 1} open ${totalOpen - 1 === 1 ? "item" : "items"}`);
  });

  test("leave the header whole when the counts cannot be had: a muted note with the reason on hover", async ({ page }) => {
    await page.clock.install();
    await page.route("**/api/review/counts", (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "ERR_UNAVAILABLE", message: "Down for the test." } }) }));
    await page.goto("/users");
    // The page came with the counts; the browser's next poll fails, and after its retries the note replaces them.
    await expect(header(page).getByRole("link", { name: /\d+ open items?/ })).toBeVisible();
    const note = header(page).getByText("counts unavailable");
    await expect(async () => {
      await page.clock.runFor(REVIEW_COUNTS_REFRESH_MS);
      await expect(note).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(header(page).getByRole("link", { name: /\d+ open items?/ })).toHaveCount(0);
    await expect(note).toHaveAttribute("title", /Down for the test\./);
    await expect(header(page).getByRole("navigation", { name: "Main" })).toBeVisible();
  });
});

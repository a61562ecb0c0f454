import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { emulatorControl, resetEmulator } from "./support/emulator";
import { itemRow } from "./support/queue";
import { extraPort, extraStorageState, startStaffedDashboard, type StaffedDashboard } from "./support/staffed-dashboard";
import { denormalizeQueue } from "../lib/review/denormalize";
import { overdueRule } from "../lib/review/overdue";
import { FIRST_ROWS, WHOLE_QUEUE_ITEMS } from "../lib/review/queue-first-rows";
import { foldText, searchableText, sortItems } from "../lib/review/queue-view";
import type { QueueItem, QueueResponse } from "../lib/review/review-schemas";

/**
 * A queue too large to put in the page whole, on a dashboard of its own (the suite's keeps every
 * message it sees, and the other specs want a queue of the usual size): the first HTML holds its
 * first rows only, then the browser loads the whole queue and virtualizes the list, and the
 * keyboard, shift-click ranges and search reach rows that were never in that HTML.
 */
const PORT = extraPort(4);
const SEEDED = WHOLE_QUEUE_ITEMS + 100;
let dashboard: StaffedDashboard;
/** The open items, newest flag first: the default view's order. */
let open: QueueItem[];

test.use({ baseURL: `http://127.0.0.1:${PORT}`, storageState: extraStorageState(PORT) });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await resetEmulator();
  await emulatorControl("settings", { flaggedLimit: 2 * SEEDED });
  await emulatorControl("seed/flagged-messages", { count: SEEDED });
  dashboard = await startStaffedDashboard(PORT, "large-queue");
  const { cookie } = await dashboard.signIn();
  // Reading the queue stores the chat service's list.
  const response = await fetch(`${dashboard.url}/api/review/queue`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const queue = denormalizeQueue((await response.json()) as QueueResponse);
  open = sortItems(
    queue.data.filter((item) => item.state === "open"),
    "newest",
    overdueRule(24, Math.floor(Date.now() / 1000)),
  );
  expect(open.length).toBeGreaterThan(WHOLE_QUEUE_ITEMS);
});

test.afterAll(async () => {
  await dashboard?.stop();
  await resetEmulator();
});

const list = (page: Page) => page.getByRole("list", { name: /^Flagged messages/ });

/** The queue once the browser holds all of it (until then the list says it is loading the rest). */
async function gotoWholeQueue(page: Page) {
  await page.goto("/");
  await expect(list(page)).toHaveAccessibleName(`Flagged messages (${open.length})`);
}

const focusedItemId = (page: Page) => page.evaluate(() => document.activeElement?.closest("article")?.getAttribute("data-message-id") ?? null);

test("puts only the first rows in the first HTML, then shows the whole queue", async ({ page }) => {
  const html = await (await page.request.get("/")).text();
  const inHtml = new Set([...html.matchAll(/data-message-id="([^"]+)"/g)].map((m) => m[1]));
  expect([...inHtml].sort()).toEqual(
    open
      .slice(0, FIRST_ROWS)
      .map((item) => item.id)
      .sort(),
  );
  // The rest of the queue is not in the page's data either.
  const last = open.at(-1);
  expect(last && html.includes(last.id)).toBe(false);

  await gotoWholeQueue(page);
  await expect(page.getByRole("button", { name: `Open ${open.length}` })).toBeVisible();
  await expect(page.getByLabel(`Select all ${open.length} shown`)).toBeVisible();
  await expect(list(page)).not.toHaveAttribute("aria-busy");
});

test("moves the cursor with the keyboard to rows that were never rendered, and selects a shift-click range among them", async ({ page }) => {
  await gotoWholeQueue(page);
  const far = FIRST_ROWS + 15;
  for (let i = 0; i < far; i++) await page.keyboard.press("j");
  await expect.poll(() => focusedItemId(page)).toBe(open[far]?.id);
  const farRow = itemRow(page, open[far]?.id ?? "");
  await expect(farRow).toBeInViewport();

  await page.keyboard.press("x");
  for (let i = 0; i < 4; i++) await page.keyboard.press("j");
  await itemRow(page, open[far + 4]?.id ?? "")
    .getByRole("checkbox")
    .click({ modifiers: ["Shift"] });
  await expect(page.getByRole("region", { name: "Selected items" })).toContainText("5 selected");
  for (const item of open.slice(far, far + 5)) await expect(itemRow(page, item.id).getByRole("checkbox")).toBeChecked();
});

test("searches the whole queue, not only its first rows", async ({ page }) => {
  await gotoWholeQueue(page);
  const uid = open.at(-1)?.sender.uid ?? "";
  const matching = open.filter((item) => searchableText(item).includes(foldText(uid)));
  await page.getByRole("searchbox", { name: /Search messages/ }).fill(uid);
  await expect(list(page)).toHaveAccessibleName(`Flagged messages (${matching.length})`);
  await expect(itemRow(page, matching[0]?.id ?? "")).toBeVisible();
});

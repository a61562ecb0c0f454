import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { emulatorControl } from "./support/emulator";
import { gotoQueue, itemRow } from "./support/queue";
import { extraPort, extraStorageState, startStaffedDashboard, type StaffedDashboard } from "./support/staffed-dashboard";
import { startEmulator, type RunningEmulator } from "../lib/emulator/server";
import type { QueuePage, QueueSummary } from "../lib/review/model/review-schemas";

/**
 * A queue many pages long, on a dashboard of its own (the suite's keeps every message it sees, and
 * the other specs want a queue of the usual size) with an emulator of its own: the first HTML holds
 * the first rows of the first page, the browser loads the next pages as the moderator scrolls or
 * moves past the last row with the keyboard, selection and shift-click ranges cross page
 * boundaries, search and counts cover the whole queue, and a decision on everything a view matches
 * runs on the server with its progress shown.
 */
const PORT = extraPort(4);
const SEEDED = 320;
/** The rows the server renders of the first page (components/queue/queue-list.tsx). */
const FIRST_ROWS = 20;
const PAGE = 50;
let dashboard: StaffedDashboard;
let emulator: RunningEmulator;
let cookie: string;

test.use({ baseURL: `http://127.0.0.1:${PORT}`, storageState: extraStorageState(PORT) });

/** The ids of a view in the server's order, every page of it. */
async function viewIds(query: Record<string, string> = {}): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, limit: "500", ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${dashboard.url}/api/review/queue?${params}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const page = (await response.json()) as QueuePage;
    ids.push(...page.data.map((item) => item.id));
    cursor = page.next;
  } while (cursor);
  return ids;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  emulator = await startEmulator();
  await emulatorControl("settings", { flaggedLimit: 2 * SEEDED }, "POST", emulator.url);
  await emulatorControl("seed/flagged-messages", { count: SEEDED }, "POST", emulator.url);
  dashboard = await startStaffedDashboard(PORT, "large-queue", { CHAT_BASE_URL: emulator.baseUrl });
  ({ cookie } = await dashboard.signIn());
  // The dashboard's background sync stores the chat service's list soon after it starts.
  await expect
    .poll(async () => ((await (await fetch(`${dashboard.url}/api/review/queue/summary`, { headers: { cookie } })).json()) as QueueSummary).totals.open, { timeout: 60_000 })
    .toBeGreaterThan(SEEDED);
});

test.afterAll(async () => {
  await dashboard?.stop();
  await emulator?.close();
});

const list = (page: Page) => page.getByRole("list", { name: /^Flagged messages/ });
const moveCursor = async (page: Page, rows: number, key: "j" | "k") => {
  for (let i = 0; i < rows; i++) await page.keyboard.press(key);
};
const focusedItemId = (page: Page) => page.evaluate(() => document.activeElement?.closest("article")?.getAttribute("data-message-id") ?? null);

test("puts the first rows in the first HTML, then loads the next pages as the moderator scrolls", async ({ page }) => {
  const open = await viewIds();
  const html = await (await page.request.get("/")).text();
  const inHtml = [...html.matchAll(/data-message-id="([^"]+)"/g)].map((m) => m[1]);
  expect([...new Set(inHtml)]).toEqual(open.slice(0, FIRST_ROWS));
  // Past the first page, nothing of the queue is in the page.
  expect(html.includes(`"${open[PAGE + 1]}"`)).toBe(false);

  await gotoQueue(page);
  await expect(list(page)).toHaveAccessibleName(`Flagged messages (${open.length})`);
  await expect(page.getByRole("button", { name: `Open ${open.length}` })).toBeVisible();
  await expect(page.getByText(`Showing ${PAGE} of ${open.length}.`)).toBeVisible();
  // Scrolling down the list brings the next page in before its end is reached.
  for (let shown = PAGE; shown < 3 * PAGE; shown += PAGE) {
    await page.keyboard.press("End");
    await expect(page.getByText(`Showing ${shown + PAGE} of ${open.length}.`)).toBeVisible();
  }
});

test("moves the cursor with the keyboard past the first page, and selects a shift-click range across the page boundary", async ({ page }) => {
  const open = await viewIds();
  await gotoQueue(page);
  const far = PAGE + 5;
  await moveCursor(page, far, "j");
  await expect.poll(() => focusedItemId(page)).toBe(open[far]);
  await expect(itemRow(page, open[far] ?? "")).toBeInViewport();

  // Only the rows near the viewport are in the page: each checkbox is clicked on the row the cursor
  // has just brought into view. (Keys pressed faster than the list renders can leave the cursor's
  // row at the top of the screen, with the rows a few above it not rendered.)
  const from = PAGE - 3;
  await moveCursor(page, far - from, "k");
  await expect.poll(() => focusedItemId(page)).toBe(open[from]);
  await itemRow(page, open[from] ?? "").getByRole("checkbox").click();
  await moveCursor(page, 5, "j");
  await expect.poll(() => focusedItemId(page)).toBe(open[from + 5]);
  await itemRow(page, open[from + 5] ?? "").getByRole("checkbox").click({ modifiers: ["Shift"] });
  await expect(page.getByRole("region", { name: "Selected items" })).toContainText("6 selected");
  for (const id of open.slice(from, from + 6)) await expect(itemRow(page, id).getByRole("checkbox")).toBeChecked();
});

test("searches the whole queue, not only the pages loaded", async ({ page }) => {
  const open = await viewIds();
  const last = open.at(-1) ?? "";
  const { data } = (await (await fetch(`${dashboard.url}/api/review/queue?state=all&limit=500`, { headers: { cookie } })).json()) as QueuePage;
  const sender = data.find((item) => item.id === last)?.senderUid ?? "";
  const matching = await viewIds({ q: sender });
  await gotoQueue(page);
  await page.getByRole("searchbox", { name: /Search messages/ }).fill(sender);
  await expect(list(page)).toHaveAccessibleName(`Flagged messages (${matching.length})`);
  await expect(itemRow(page, matching[0] ?? "")).toBeVisible();
});

test("decides everything a view matches on the server, with its progress, after a confirmation that says it has no undo", async ({ page }) => {
  const reason = "violence";
  const matching = await viewIds({ reason });
  expect(matching.length).toBeGreaterThan(PAGE);
  await gotoQueue(page, `?reason=${reason}`);
  await expect(list(page)).toHaveAccessibleName(`Flagged messages (${matching.length})`);
  await page.getByLabel(`Select all ${PAGE} shown`).check();
  await page.getByRole("button", { name: `Select all ${matching.length} in this view` }).click();
  const bar = page.getByRole("region", { name: "Selected items" });
  await expect(bar).toContainText(`All ${matching.length} items in this view selected`);
  await bar.getByRole("button", { name: "Resolve all…" }).click();

  const dialog = page.getByRole("dialog", { name: `Resolve all ${matching.length} open items in this view?` });
  await expect(dialog).toContainText("There is no undo for a decision on a whole view");
  await dialog.getByRole("button", { name: `Resolve ${matching.length} items` }).click();

  const progress = page.getByRole("region", { name: "Bulk decision" });
  await expect(progress.getByRole("status")).toHaveText(`Done: ${matching.length} resolved.`, { timeout: 20_000 });
  await expect(page.getByText("No items match this search and these filters.")).toBeVisible();
  await progress.getByRole("button", { name: "Close" }).click();
  expect(await viewIds({ reason })).toEqual([]);
  expect((await viewIds({ reason, state: "resolved" })).sort()).toEqual([...matching].sort());
});

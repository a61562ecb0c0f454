import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { createFlaggedMessages, marker, storedQueue, versionOf } from "./support/queue";
import { waitForReady } from "./support/ready";
import { parseCsv } from "../lib/testing/csv";
import { STATEMENT_COLUMNS, statementOfReasonsSchema } from "../lib/transparency/model/statement-of-reasons";
import type { TransparencySummary } from "../lib/transparency/model/transparency-summary";

/**
 * Issue 24's transparency export in the browser: an admin picks a range, reads its figures, and
 * downloads the range's statements of reasons, every one of which passes the DSA schema. The
 * figures and records themselves are checked against fixed history in
 * lib/transparency/server/transparency.test.ts; here the decision is the test's own.
 */

const today = () => new Date().toISOString().slice(0, 10);
const summary = async (page: Page) =>
  (await (await page.request.get("/api/transparency/summary", { params: { from: today(), to: today() } })).json()) as TransparencySummary;

async function download(page: Page, name: RegExp): Promise<{ file: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return { file: file.suggestedFilename(), text: await readFile(await file.path(), "utf8") };
}

test.describe("the transparency report, as an admin", () => {
  test.use({ storageState: E2E.storage.admin });
  test.beforeEach(async () => resetEmulator());

  test("a message hidden today is in today's figures and in both downloads, each record valid", async ({ page }) => {
    // The decision reaches the chat service once its undo time has passed; only then is it a restriction.
    test.setTimeout(90_000);
    // Earlier tests' decisions become restrictions when written back, after their undo time: the
    // count starts once none is waiting, so the one this test awaits is its own.
    await expect.poll(async () => (await storedQueue(page)).data.filter((item) => item.writeBack?.state === "pending").length, { timeout: 30_000 }).toBe(0);
    const before = (await summary(page)).restrictions.content;
    const [id = ""] = await createFlaggedMessages(page, [{ sender: "victor-crane", receiver: "erik-lindqvist", text: `${marker("transparency")} message` }]);
    const resolved = await page.request.post(`/api/review/items/${id}`, { data: { action: "resolve", version: await versionOf(page, id) }, headers: { origin: E2E.appUrl } });
    expect(resolved.status()).toBe(200);
    await expect.poll(async () => (await summary(page)).restrictions.content, { timeout: 30_000 }).toBe(before + 1);

    await page.goto(`/admin/transparency?from=${today()}&to=${today()}`);
    await waitForReady(page);
    await expect(page.getByRole("heading", { name: `Figures for ${today()} to ${today()}` })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: String(before + 1) }).first()).toBeVisible();
    await expect(page.getByRole("table", { name: "Restrictions by ground" })).toBeVisible();

    const jsonl = await download(page, /^Download JSON Lines/);
    expect(jsonl.file).toBe(`statements-of-reasons-${today()}-to-${today()}.jsonl`);
    const records = jsonl.text.split("\n").filter(Boolean).map((line) => statementOfReasonsSchema.parse(JSON.parse(line)));
    expect(records.map((r) => r.puid)).toContain(`message_${id}`);

    const csv = await download(page, /^Download CSV/);
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toEqual([...STATEMENT_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual(records.map((r) => r.puid));
  });

  test("keeps the range in the address, refuses a backwards one in words, and fits a phone's width", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/transparency?from=2026-01-01&to=2026-01-31");
    await waitForReady(page);
    await expect(page.getByRole("heading", { name: "Figures for 2026-01-01 to 2026-01-31" })).toBeVisible();
    await page.getByLabel("First day").fill("2026-02-10");
    await page.getByLabel("Last day").fill("2026-02-01");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /^Choose/ })).toHaveText("Choose a first day on or before the last day.");
    await page.getByLabel("First day").fill("2026-02-01");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/admin\/transparency\?from=2026-02-01&to=2026-02-01$/);
    await expect(page.getByRole("heading", { name: "Figures for 2026-02-01 to 2026-02-01" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test("a moderator is refused the report and its export", async ({ browser }) => {
  const context = await browser.newContext({ storageState: E2E.storage.moderator });
  const page = await context.newPage();
  expect((await page.request.get("/api/transparency/export", { params: { from: today(), to: today(), format: "csv" } })).status()).toBe(403);
  const response = await page.goto("/admin/transparency");
  expect(response?.status()).toBe(403);
  await context.close();
});

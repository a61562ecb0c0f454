import { readFile } from "node:fs/promises";
import type { Browser, Download, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { parseCsv } from "../lib/testing/csv";
import { E2E } from "./support/e2e-config";
import { createFlaggedMessages, marker, versionOf } from "./support/queue";
import { waitForReady } from "./support/ready";
import { seriousAxeViolations } from "./support/axe";

const write = { origin: E2E.appUrl };
const STAFF_CHART = "Decisions per staff member per day";
const OWN_CHART = "Your decisions per day";

/** A claim, then a decision, by whoever is signed in on `page`: each of them then has a row and a time with a moderator. */
async function claimAndDismiss(page: Page, label: string) {
  const [id = ""] = await createFlaggedMessages(page, [{ sender: "mallory", receiver: "noah-williams", text: `${marker(label)} cheap followers` }]);
  for (const action of ["claim", "dismiss"]) {
    const response = await page.request.post(`/api/review/items/${id}`, { data: { action, version: await versionOf(page, id) }, headers: write });
    expect(response.status(), `${action} ${id}`).toBe(200);
  }
}

async function signedIn(browser: Browser, role: "admin" | "moderator") {
  const context = await browser.newContext({ storageState: E2E.storage[role] });
  return { context, page: await context.newPage() };
}

async function readCsv(download: Download): Promise<string[][]> {
  return parseCsv(await readFile(await download.path(), "utf8"));
}

const chart = (page: Page, name: string) => page.getByRole("region", { name });

test.describe("queue health", () => {
  test.beforeAll(async ({ browser }) => {
    for (const role of ["admin", "moderator"] as const) {
      const { context, page } = await signedIn(browser, role);
      await claimAndDismiss(page, `health-${role}`);
      await context.close();
    }
  });

  test.describe("for an admin", () => {
    test.use({ storageState: E2E.storage.admin });

    test("shows the figures and every chart with its numbers, a row per staff member, and CSV downloads", async ({ page }) => {
      await page.goto("/admin/health");
      await waitForReady(page);
      await expect(page).toHaveTitle(/Queue health/);
      await expect(page.getByRole("heading", { name: "Queue health", level: 1 })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Queue health" })).toHaveAttribute("aria-current", "page");
      for (const term of ["Open items", "Oldest open item", "Escalated, waiting for an admin", "Median first flag to decision", "Median time with a moderator"]) {
        await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
      }
      await expect(page.getByRole("term").filter({ hasText: /^Decided within [\d.]+ h, last 7 days$/ })).toBeVisible();

      for (const name of ["Open items by age", "Decided within the target, per day", "Decisions per day", STAFF_CHART]) {
        await expect(chart(page, name).getByRole("img")).toBeVisible();
      }
      const staff = chart(page, STAFF_CHART);
      await staff.getByText("Show the numbers").click();
      const table = staff.getByRole("table", { name: "Decisions per staff member" });
      for (const who of ["admin", "moderator"]) await expect(table.getByRole("rowheader", { name: who, exact: true })).toBeVisible();
      const moderatorRow = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "moderator", exact: true }) });
      expect(Number(await moderatorRow.getByRole("cell").first().textContent())).toBeGreaterThanOrEqual(1);

      const [download] = await Promise.all([page.waitForEvent("download"), staff.getByRole("link", { name: /^Download CSV/ }).click()]);
      expect(download.suggestedFilename()).toMatch(/^queue-health-moderators-.*\.csv$/);
      const [header, ...rows] = await readCsv(download);
      expect(header).toEqual(["staff", "decided", "per_day"]);
      expect(rows.map((row) => row[0])).toEqual(expect.arrayContaining(["admin", "moderator"]));

      const [ages] = await Promise.all([page.waitForEvent("download"), chart(page, "Open items by age").getByRole("link", { name: /^Download CSV/ }).click()]);
      expect((await readCsv(ages))[0]).toEqual(["band", "from_seconds", "to_seconds", "open_items"]);
    });

    test("fits a 375 px screen and has no serious or critical accessibility violation, with a table open", async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto("/admin/health");
      await waitForReady(page);
      await expect(chart(page, "Decisions per day").getByRole("img")).toBeVisible();
      await chart(page, "Decisions per day").getByText("Show the numbers").click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  test.describe("for a moderator", () => {
    test.use({ storageState: E2E.storage.moderator });

    test("shows the team's figures and only their own row, in the page and its CSV; the admins' page stays closed", async ({ page }) => {
      await page.goto("/");
      await waitForReady(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Queue health" }).click();
      await expect(page).toHaveURL(/\/health$/);
      await expect(page.getByRole("heading", { name: "Queue health", level: 1 })).toBeVisible();
      await expect(page.getByRole("term").filter({ hasText: /^Open items$/ })).toBeVisible();
      const own = chart(page, OWN_CHART);
      await expect(own.getByRole("img")).toBeVisible();
      await own.getByText("Show the numbers").click();
      const rows = own.getByRole("table", { name: "Your decisions" }).locator("tbody tr");
      await expect(rows).toHaveCount(1);
      await expect(rows.getByRole("rowheader")).toHaveText("moderator");
      await expect(page.getByRole("region", { name: STAFF_CHART })).toHaveCount(0);

      const [download] = await Promise.all([page.waitForEvent("download"), own.getByRole("link", { name: /^Download CSV/ }).click()]);
      const [, ...csvRows] = await readCsv(download);
      expect(csvRows.map((row) => row[0])).toEqual(["moderator"]);

      const answer = await page.request.get("/api/oversight/health?days=30");
      const { data } = (await answer.json()) as { data: { moderators: { name: string }[] } };
      expect(data.moderators.map((m) => m.name)).toEqual(["moderator"]);
      expect((await page.request.get("/api/oversight/health?days=365")).status()).toBe(400);
      expect((await page.goto("/admin/health"))?.status()).toBe(403);
    });
  });
});

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { EMULATOR_API_KEYS, EMULATOR_DEMO_API_KEY } from "../lib/emulator/keys";
import { parseCsv } from "../lib/testing/csv";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { waitForReady } from "./support/ready";
import { seriousAxeViolations } from "./support/axe";

const keyId = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 16);
const write = { origin: E2E.appUrl };
const entries = (page: Page) => page.getByRole("table", { name: "Audit log entries, newest first" }).locator("tbody");

async function shownIds(page: Page): Promise<string[]> {
  return entries(page).evaluateAll((groups) => groups.map((g) => g.getAttribute("data-entry-id") ?? ""));
}

/** Clicks the export link and reads the CSV the browser downloaded. */
async function exportCsv(page: Page): Promise<Record<string, string>[]> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Export CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-.*\.csv$/);
  const [header, ...rows] = parseCsv(await readFile(await download.path(), "utf8"));
  return rows.map((cells) => Object.fromEntries((header ?? []).map((name, i) => [name, cells[i] ?? ""])));
}

async function applyFilters(page: Page, fields: { action?: string; outcome?: string; uid?: string; message?: string }) {
  const form = page.getByRole("search", { name: "Filter the audit log" });
  await form.getByLabel("Action").selectOption(fields.action ?? "");
  await form.getByLabel("Outcome").selectOption(fields.outcome ?? "");
  await form.getByLabel("Target UID").fill(fields.uid ?? "");
  await form.getByLabel("Message id").fill(fields.message ?? "");
  await form.getByRole("button", { name: "Apply filters" }).click();
}

test.describe("audit log, as an admin", () => {
  test.use({ storageState: E2E.storage.admin });
  test.beforeEach(async () => resetEmulator());

  test("filters by target UID, message id, action and outcome from the URL, and the CSV export holds exactly the rows shown", async ({ page }) => {
    const run = Date.now().toString(36);
    const friend = `e2e-friend-${run}`;
    const missingMessage = `e2e-missing-${run}`;
    const formula = `=1+2-${run}`;
    const production = EMULATOR_API_KEYS.find((k) => k.name === "Production server");
    if (!production) throw new Error("no production key in the seed");
    // A reveal needs a fresh proof of presence in the session (e2e/attacks/key-reveal-presence.spec.ts).
    expect((await page.request.post("/api/me/presence", { data: { password: E2E.password }, headers: write })).status()).toBe(200);
    const setup = [
      await page.request.post("/api/users/kenji-watanabe/friends", { data: { accepted: [friend] }, headers: write }),
      await page.request.post(`/api/apikeys/${keyId(production.apiKey)}/reveal`, { data: { purpose: "reveal" }, headers: write }),
      await page.request.post(`/api/apikeys/${keyId(EMULATOR_DEMO_API_KEY)}/reveal`, { data: { purpose: "reveal" }, headers: write }),
      await page.request.post(`/api/messages/${missingMessage}/pin`, { headers: write }),
      await page.request.post(`/api/messages/${encodeURIComponent(formula)}/pin`, { headers: write }),
    ];
    expect(setup.map((r) => r.status())).toEqual([200, 200, 403, 404, 404]);

    await page.goto("/admin/audit");
    await applyFilters(page, { uid: friend });
    await expect(page).toHaveURL(new RegExp(`\\?uid=${friend}$`));
    await expect(entries(page)).toHaveCount(1);
    const row = entries(page).first();
    await expect(row).toContainText("user.friends.add");
    await expect(row).toContainText(`kenji-watanabe, ${friend}`);
    await expect(row).toContainText(E2E.admin);
    await row.getByRole("button", { name: /^Details/ }).click();
    await expect(row.getByRole("button", { name: /^Hide/ })).toHaveAttribute("aria-expanded", "true");
    await expect(row).toContainText(new RegExp(`"accepted":\\s*\\[\\s*"${friend}"\\s*\\]`));
    const [exported] = await exportCsv(page);
    expect(exported).toMatchObject({ id: (await shownIds(page))[0], action: "user.friends.add", outcome: "success", staff_email: E2E.admin, target_uids: `kenji-watanabe ${friend}` });

    await applyFilters(page, { message: missingMessage });
    await expect(page).toHaveURL(new RegExp(`\\?message=${missingMessage}$`));
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText("message.pin");
    await expect(entries(page).first()).toContainText("failure");

    await applyFilters(page, { action: "apikey.reveal", outcome: "failure" });
    await expect(page).toHaveURL(/\?action=apikey\.reveal&outcome=failure$/);
    await expect(entries(page).first()).toContainText("ERR_FORBIDDEN");
    for (const group of await entries(page).all()) {
      await expect(group).toContainText("apikey.reveal");
      await expect(group).toContainText("failure");
    }
    const refused = await exportCsv(page);
    expect(refused.map((r) => r.id)).toEqual(await shownIds(page));
    expect(refused.every((r) => r.action === "apikey.reveal" && r.outcome === "failure")).toBe(true);
    expect(JSON.parse(refused[0]?.detail ?? "{}")).toMatchObject({ keyId: keyId(EMULATOR_DEMO_API_KEY) });

    await page.reload();
    const form = page.getByRole("search", { name: "Filter the audit log" });
    await expect(form.getByLabel("Action")).toHaveValue("apikey.reveal");
    await expect(form.getByLabel("Outcome")).toHaveValue("failure");
    expect(await shownIds(page)).toEqual(refused.map((r) => r.id));

    await applyFilters(page, { message: formula });
    await expect(entries(page)).toHaveCount(1);
    const [guarded] = await exportCsv(page);
    expect(guarded?.target_message_id).toBe(`'${formula}`);

    await page.goBack();
    await expect(page).toHaveURL(/\?action=apikey\.reveal&outcome=failure$/);
    await expect(form.getByLabel("Action")).toHaveValue("apikey.reveal");
  });

  test("a From date later than To is refused beside the fields, nothing is asked, and the API answers 400 naming both", async ({ page }) => {
    await page.goto("/admin/audit");
    await waitForReady(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/audit")) asked.push(request.url());
    });
    const form = page.getByRole("search", { name: "Filter the audit log" });
    await form.getByLabel("From (UTC)").fill("2025-02-01");
    await form.getByLabel("To (UTC, inclusive)").fill("2025-01-01");
    await form.getByRole("button", { name: "Apply filters" }).click();
    await expect(form.getByRole("alert")).toHaveText("From is later than To: pick a To date on or after the From date. The filter was not applied.");
    await expect(form.getByLabel("To (UTC, inclusive)")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/admin\/audit$/);

    await form.getByLabel("To (UTC, inclusive)").fill("2025-02-28");
    await form.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\?from=2025-02-01&to=2025-02-28$/);
    await expect(form.getByRole("alert")).toHaveCount(0);
    expect(asked.some((url) => url.includes("from=2025-02-01&to=2025-02-28"))).toBe(true);
    expect(asked.filter((url) => url.includes("to=2025-01-01"))).toEqual([]);

    for (const path of ["/api/audit", "/api/audit/stats"]) {
      const response = await page.request.get(`${path}?from=2025-02-01&to=2025-01-01`);
      expect(response.status(), path).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: "ERR_BAD_REQUEST", message: expect.stringContaining("to: the end date (to) is before the start date (from)") },
      });
    }
  });

  test("shows actions per day in a chart whose code is a chunk of its own, loaded on demand", async ({ page }) => {
    const bodies = new Map<string, Promise<string>>();
    page.on("response", (response) => {
      if (response.url().includes("/_next/static/chunks/")) bodies.set(response.url(), response.text().catch(() => ""));
    });
    await page.goto("/admin/audit");
    const chart = page.getByRole("region", { name: "Actions per day" });
    await expect(chart.getByRole("img", { name: /actions from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, by day and type/ })).toBeVisible();
    await chart.getByText("Show the numbers").click();
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = chart.getByRole("row").filter({ has: page.getByRole("rowheader", { name: today }) });
    await expect(todayRow).toBeVisible();
    expect(Number(await todayRow.getByRole("cell").last().textContent())).toBeGreaterThan(0);

    const auditChunks = await Promise.all([...bodies].map(async ([url, body]) => ({ url, text: await body })));
    const chartChunk = auditChunks.find((chunk) => chunk.text.includes("Show the numbers"));
    const viewerChunk = auditChunks.find((chunk) => chunk.text.includes("Filter the audit log"));
    expect(chartChunk).toBeDefined();
    expect(chartChunk?.url).not.toBe(viewerChunk?.url);
    bodies.clear();
    await page.goto("/admin/api-keys");
    await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
    expect([...bodies.keys()]).not.toContain(chartChunk?.url);
  });

  test("has no serious or critical accessibility violation, with an entry expanded", async ({ page }) => {
    await page.goto("/admin/audit");
    await entries(page).first().getByRole("button", { name: /^Details/ }).click();
    await expect(page.getByRole("region", { name: "Actions per day" }).getByRole("img")).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe("audit log, as a moderator", () => {
  test.use({ storageState: E2E.storage.moderator });

  test("the page and its APIs answer 403", async ({ page }) => {
    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { name: "Admins only" })).toBeVisible();
    for (const path of ["/api/audit", "/api/audit/export", "/api/audit/stats"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "ERR_FORBIDDEN" } });
    }
  });
});

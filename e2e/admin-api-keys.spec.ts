import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { EMULATOR_API_KEYS, EMULATOR_DEMO_API_KEY } from "../lib/emulator/keys";
import { E2E } from "./support/e2e-config";
import { resetEmulator } from "./support/emulator";
import { waitForReady } from "./support/ready";
import { seriousAxeViolations } from "./support/axe";

const keyId = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 16);
const masked = (value: string) => `${value.slice(0, 4)}…${value.slice(-4)}`;
const seed = (name: string) => {
  const key = EMULATOR_API_KEYS.find((k) => k.name === name);
  if (!key) throw new Error(`no seeded key named ${name}`);
  return key;
};
const keyTable = (page: Page) => page.getByRole("table", { name: /^API keys/ });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const keyRow = (page: Page, name: string) =>
  keyTable(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${escapeRegExp(name)}`) }) });
/** The names in the key table as it shows them now; read through expect.poll, which waits for the table to load. */
const rowNames = (page: Page) => keyTable(page).getByRole("rowheader").evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ""));

type AuditEntry = { action: string; outcome: string; staffEmail: string | null; errorCode: string | null; detail: Record<string, unknown> };
async function latestAudit(page: Page, action: string): Promise<AuditEntry | undefined> {
  const response = await page.request.get(`/api/audit?action=${action}&limit=1`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: AuditEntry[] }).data[0];
}

/** Reveals need a fresh proof of presence in the session (e2e/attacks/key-reveal-presence.spec.ts tests the dialog). */
async function confirmPresence(page: Page) {
  const response = await page.request.post("/api/me/presence", { data: { password: E2E.password }, headers: { origin: E2E.appUrl } });
  expect(response.status()).toBe(200);
}

test.describe("API keys, as an admin", () => {
  test.use({ storageState: E2E.storage.admin });
  test.beforeEach(async () => resetEmulator());

  test("lists every key masked with its scope, marks the dashboard's own key, and sums up what needs review", async ({ page }) => {
    await page.goto("/admin/api-keys");
    await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
    await expect(keyTable(page).getByRole("rowheader")).toHaveCount(EMULATOR_API_KEYS.length);
    for (const key of EMULATOR_API_KEYS) {
      const row = keyRow(page, key.name);
      await expect(row.getByRole("code")).toHaveText(masked(key.apiKey));
      await expect(row).toContainText(key.scope === "fullAccess" ? "Full access" : "Sign-in only");
    }
    await expect(page.getByText("Can do everything: read and change users, messages and groups, and deactivate users.")).toBeVisible();
    await expect(page.getByText("Can only sign users in to the chat; it cannot read or change anything.")).toBeVisible();
    // Created: the date as the viewer's browser writes dates (en-US here), and how long ago.
    await expect(keyRow(page, "Production server").getByRole("cell").nth(1)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}10 months ago$/);
    const html = await page.content();
    for (const key of EMULATOR_API_KEYS) expect(html).not.toContain(key.apiKey);

    const own = keyRow(page, "Moderation dashboard");
    await expect(own).toContainText("used by this dashboard");
    await expect(own).toContainText("Never leaves the server");
    await expect(own.getByRole("button")).toHaveCount(0);

    const fullAccess = EMULATOR_API_KEYS.filter((k) => k.scope === "fullAccess").length;
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary.getByRole("term")).toHaveText([/^⚠?Full access keys$/, /^Sign-in only keys$/]);
    await expect(summary.getByRole("definition")).toHaveText([String(fullAccess), String(EMULATOR_API_KEYS.length - fullAccess)]);
    const warnings = summary.getByRole("list", { name: "Warnings" });
    const [broad, aged] = [warnings.getByRole("listitem").first(), warnings.getByRole("listitem").last()];
    await expect(broad).toContainText(`${fullAccess} keys have full access. Each one can do everything, including deactivating users`);
    await expect(broad).toContainText("What to do: Ask the developers which of them are still in use, and delete the others in the CometChat dashboard.");
    const old = EMULATOR_API_KEYS.filter((k) => k.ageDays > 365);
    await expect(aged).toContainText(`${old.length} keys are more than 365 days old`);
    await expect(aged).toContainText("What to do: Replace each one");
    for (const key of old) await expect(keyRow(page, key.name)).toContainText("over 365 days old: replace it");
    await expect(page.getByText("The chat service sent every key it holds: 10 keys.")).toBeVisible();
    for (const jargon of ["fullAccess", "authOnly", "per_page", "scope"]) await expect(page.getByRole("main")).not.toContainText(jargon);
  });

  test("reveals one key for a short time, masks it again, and records the reveal", async ({ page }) => {
    await page.clock.install();
    await confirmPresence(page);
    await page.goto("/admin/api-keys");
    const key = seed("Production server");
    const row = keyRow(page, key.name);
    await row.getByRole("button", { name: `Reveal ${key.name}` }).click();
    await expect(row.getByRole("code")).toHaveText(key.apiKey);
    await expect(row).toContainText("Masked again in 20 s");
    await page.clock.runFor(21_000);
    await expect(row.getByRole("code")).toHaveText(masked(key.apiKey));
    await expect(row.getByRole("button", { name: `Reveal ${key.name}` })).toBeVisible();

    const entry = await latestAudit(page, "apikey.reveal");
    expect(entry).toMatchObject({ outcome: "success", staffEmail: E2E.admin, detail: { keyId: keyId(key.apiKey), name: key.name, scope: "fullAccess" } });
  });

  test("copies a key to the clipboard and records the copy", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await confirmPresence(page);
    await page.goto("/admin/api-keys");
    const key = seed("Web login (auth only)");
    await keyRow(page, key.name).getByRole("button", { name: `Copy ${key.name}` }).click();
    await expect(page.getByRole("status")).toContainText(`The key “${key.name}” is on your clipboard`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key.apiKey);
    expect(await latestAudit(page, "apikey.copy")).toMatchObject({ outcome: "success", staffEmail: E2E.admin, detail: { keyId: keyId(key.apiKey), name: key.name } });
  });

  test("refuses to reveal or copy the dashboard's own key, says why, and records the refusal", async ({ page }) => {
    await page.goto("/admin/api-keys");
    const id = keyId(EMULATOR_DEMO_API_KEY);
    for (const purpose of ["reveal", "copy"] as const) {
      const response = await page.request.post(`/api/apikeys/${id}/reveal`, { data: { purpose }, headers: { origin: E2E.appUrl } });
      const text = await response.text();
      expect(response.status()).toBe(403);
      expect(text).not.toContain(EMULATOR_DEMO_API_KEY);
      expect(JSON.parse(text)).toMatchObject({ error: { code: "ERR_FORBIDDEN", message: expect.stringContaining("used by this dashboard and never leaves the server") } });
      expect(await latestAudit(page, `apikey.${purpose}`)).toMatchObject({ outcome: "failure", errorCode: "ERR_FORBIDDEN", detail: { keyId: id } });
    }
  });

  test("filters by scope at the service, searches, sorts and pages in the browser, all kept in the URL", async ({ page }) => {
    await page.goto("/admin/api-keys");
    const authOnly = EMULATOR_API_KEYS.filter((k) => k.scope === "authOnly");
    await page.getByLabel("Kind of key").selectOption("Sign-in only");
    await expect(page).toHaveURL(/\?scope=authOnly$/);
    await expect(keyTable(page).getByRole("rowheader")).toHaveCount(authOnly.length);
    await expect(page.getByText(`The chat service sent every key it holds of this kind: ${authOnly.length} keys.`)).toBeVisible();

    await page.getByLabel("Search by name").fill("LOGIN");
    await expect(page).toHaveURL(/\?scope=authOnly&q=LOGIN$/);
    await expect.poll(() => rowNames(page)).toEqual(["Web login (auth only)", "Mobile login (auth only)"]);
    await page.reload();
    await expect(page.getByLabel("Kind of key")).toHaveValue("authOnly");
    await expect(page.getByLabel("Search by name")).toHaveValue("LOGIN");
    await expect.poll(() => rowNames(page)).toEqual(["Web login (auth only)", "Mobile login (auth only)"]);

    await page.goto("/admin/api-keys");
    await page.getByRole("button", { name: "Name" }).click();
    await expect(page).toHaveURL(/\?sort=name&dir=asc$/);
    await expect(keyTable(page).getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
    const byName = EMULATOR_API_KEYS.map((k) => k.name).sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
    await expect.poll(() => rowNames(page)).toEqual(byName);
    await page.getByRole("button", { name: "Name" }).click();
    await expect.poll(() => rowNames(page)).toEqual([...byName].reverse());
    await page.getByRole("button", { name: "Created" }).click();
    await expect(page).toHaveURL(/\/admin\/api-keys$/);
    const newestFirst = [...EMULATOR_API_KEYS].sort((a, b) => a.ageDays - b.ageDays).map((k) => k.name);
    await expect.poll(() => rowNames(page)).toEqual(newestFirst);

    await page.getByLabel("Rows per page").selectOption("5");
    const pages = page.getByRole("navigation", { name: "Key pages" });
    await expect(pages).toContainText("Page 1 of 2");
    await pages.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?page=2&size=5$/);
    await expect(pages).toContainText("Showing 6–10 of 10");
    await expect.poll(() => rowNames(page)).toEqual(newestFirst.slice(5));
    await page.reload();
    await expect(pages).toContainText("Page 2 of 2");
    await expect.poll(() => rowNames(page)).toEqual(newestFirst.slice(5));

    await page.getByLabel("Search by name").fill("no such key");
    await expect(page.getByText("No key name contains “no such key” among the 10 keys the service sent.")).toBeVisible();
  });

  test("has no serious or critical accessibility violation", async ({ page }) => {
    await page.goto("/admin/api-keys");
    await expect(keyTable(page)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe("API keys, for an admin whose browser writes dates in German", () => {
  test.use({ storageState: E2E.storage.admin, locale: "de-DE" });

  test("shows when each key was made in their locale's date, with how long ago", async ({ page }) => {
    await page.goto("/admin/api-keys");
    await waitForReady(page);
    await expect(keyRow(page, "Production server").getByRole("cell").nth(1)).toHaveText(/^\d{2}\.\d{2}\.\d{4}10 months ago$/);
  });
});

test.describe("API keys, as a moderator", () => {
  test.use({ storageState: E2E.storage.moderator });

  test("the page and its APIs answer 403", async ({ page }) => {
    await page.goto("/admin/api-keys");
    await expect(page.getByRole("heading", { name: "Admins only" })).toBeVisible();
    const id = keyId(seed("Production server").apiKey);
    const answers = [
      await page.request.get("/api/apikeys"),
      await page.request.get("/api/apikeys/summary"),
      await page.request.post(`/api/apikeys/${id}/reveal`, { data: { purpose: "reveal" }, headers: { origin: E2E.appUrl } }),
    ];
    for (const response of answers) {
      expect(response.status()).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "ERR_FORBIDDEN" } });
    }
  });
});

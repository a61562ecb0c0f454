import { expect, test } from "./support/fixtures";
import pg from "pg";
import { addStaffWithCli, startDashboard, type DashboardProcess } from "./support/dashboard-process";
import { E2E } from "./support/e2e-config";
import { emulatorControl } from "./support/emulator";
import { flagUpstream, marker } from "./support/queue";
import { extraPort } from "./support/staffed-dashboard";

/**
 * Two dashboard processes behind one PostgreSQL database (run when DATABASE_URL is set, as in CI):
 * both serve, a session made on one works on the other, the audit rows of both are kept, and a
 * change made through one reaches a browser connected to the other (LISTEN/NOTIFY).
 */
const serverUrl = process.env.DATABASE_URL ?? "";
const dbName = `e2e_multi_${Date.now()}`;
const databaseUrl = Object.assign(new URL(serverUrl || "postgres://localhost/x"), { pathname: `/${dbName}` }).toString();
const shared = { DATABASE_URL: databaseUrl, AUTH_SECRET: "multi-instance-secret-0123456789abcdef" };
let a: DashboardProcess;
let b: DashboardProcess;

test.beforeAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  addStaffWithCli("ops@example.com", "moderator", "multi-instance-pass", shared);
  [a, b] = await Promise.all([startDashboard(extraPort(1), shared), startDashboard(extraPort(2), shared)]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

test("both instances serve, share sessions, and keep each other's audit rows", async ({ playwright }) => {
  const onA = await playwright.request.newContext({ baseURL: a.url, extraHTTPHeaders: { origin: a.url } });
  const signIn = await onA.post("/api/auth/sign-in/email", { data: { email: "ops@example.com", password: "multi-instance-pass" } });
  expect(signIn.status()).toBe(200);
  const cookie = (await onA.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");

  const fromB = await fetch(`${b.url}/api/users/ana-souza`, { headers: { cookie } });
  expect(fromB.status).toBe(200);

  await fetch(`${E2E.emulatorUrl}/__emulator/reset`, { method: "POST" });
  const onAction = await onA.delete("/api/users", { data: { uidsToDeactivate: ["ana-souza"] } });
  expect(onAction.status()).toBe(200);
  const onBAction = await fetch(`${b.url}/api/users`, {
    method: "DELETE",
    headers: { cookie, origin: b.url, "content-type": "application/json" },
    body: JSON.stringify({ uidsToDeactivate: ["kenji-watanabe"] }),
  });
  expect(onBAction.status).toBe(200);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ target_uids: string[]; outcome: string }>(
    "select target_uids, outcome from audit_log where action = 'users.deactivate' order by id",
  );
  await client.end();
  expect(rows).toEqual([
    { target_uids: ["ana-souza"], outcome: "success" },
    { target_uids: ["kenji-watanabe"], outcome: "success" },
  ]);
  await onA.dispose();
});

test("a claim made through one instance reaches a browser connected to the other without a reload", async ({ playwright, browser }) => {
  const onA = await playwright.request.newContext({ baseURL: a.url, extraHTTPHeaders: { origin: a.url } });
  expect((await onA.post("/api/auth/sign-in/email", { data: { email: "ops@example.com", password: "multi-instance-pass" } })).status()).toBe(200);
  const storageState = await onA.storageState();
  const cookie = storageState.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

  await fetch(`${E2E.emulatorUrl}/__emulator/reset`, { method: "POST" });
  const tag = marker("multi");
  const created = (await emulatorControl("messages", { sender: "lucia-fernandez", receiver: "arjun-nair", text: `${tag} seen on A, claimed on B` })) as { data: { id: string } };
  const id = created.data.id;
  await flagUpstream(id, "kim-hana", "harassment");

  const context = await browser.newContext({ storageState, baseURL: a.url });
  const page = await context.newPage();
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/review/events" && r.status() === 200);
  await page.goto(`/?state=all&q=${tag}`);
  await stream;
  const row = page.locator(`article[data-message-id="${id}"]`);
  await expect(row).toBeVisible();
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));

  const claimed = await fetch(`${b.url}/api/review/items/${id}`, {
    method: "POST",
    headers: { cookie, origin: b.url, "content-type": "application/json" },
    body: JSON.stringify({ action: "claim" }),
  });
  expect(claimed.status).toBe(200);
  // Well inside the queue's 15 s polling: the change was pushed from B through the database to A.
  await expect(row.getByText("Claimed by you")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
  await context.close();
  await onA.dispose();
});

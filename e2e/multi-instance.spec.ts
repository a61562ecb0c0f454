import { expect, test } from "./support/fixtures";
import pg from "pg";
import { addStaffWithCli, startDashboard, type DashboardProcess } from "./support/dashboard-process";
import { E2E } from "./support/e2e-config";
import { emulatorControl } from "./support/emulator";
import { flagUpstream, marker } from "./support/queue";
import { extraPort } from "./support/staffed-dashboard";
import type { QueueResponse } from "../lib/review/model/review-schemas";

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

  const onB = (await (await fetch(`${b.url}/api/review/queue?state=all&q=${tag}`, { headers: { cookie } })).json()) as QueueResponse;
  const claimed = await fetch(`${b.url}/api/review/items/${id}`, {
    method: "POST",
    headers: { cookie, origin: b.url, "content-type": "application/json" },
    body: JSON.stringify({ action: "claim", version: onB.data.find((item) => item.id === id)?.version }),
  });
  expect(claimed.status).toBe(200);
  // Well inside the queue's 15 s polling: the change was pushed from B through the database to A.
  await expect(row.getByText("Claimed by you")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
  await context.close();
  await onA.dispose();
});

test("one instance at a time syncs the flagged list, both show its state, and the other takes over when it stops", async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const state = async () =>
    (await client.query<{ leader: string; last_success_at: Date | null }>("select leader, last_success_at from sync_state where id = 'flagged_messages'")).rows[0];
  try {
    const health = async (instance: DashboardProcess) => ((await (await fetch(`${instance.url}/api/health`)).json()) as { sync: { lastSuccessAt: number } | null }).sync;
    await expect.poll(async () => Math.min((await health(a))?.lastSuccessAt ?? 0, (await health(b))?.lastSuccessAt ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
    const first = await state();
    const leader = [a, b].find((instance) => first?.leader.endsWith(`/${instance.pid}`));
    const other = leader === a ? b : a;
    if (!leader || !first?.last_success_at) throw new Error(`the sync's leader ${first?.leader} is neither instance`);

    await leader.stop();
    await expect
      .poll(async () => {
        const now = await state();
        return now?.leader.endsWith(`/${other.pid}`) === true && (now.last_success_at?.getTime() ?? 0) > (first.last_success_at?.getTime() ?? 0);
      }, { timeout: 15_000 })
      .toBe(true);
    await expect.poll(async () => (await health(other))?.lastSuccessAt ?? 0).toBeGreaterThan(Math.floor(first.last_success_at.getTime() / 1000));
  } finally {
    await client.end();
  }
});

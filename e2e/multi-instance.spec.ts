import { expect, test } from "./support/fixtures";
import pg from "pg";
import { addStaffWithCli, startDashboard, type DashboardProcess } from "./support/dashboard-process";
import { E2E } from "./support/e2e-config";

/**
 * Two dashboard processes behind one PostgreSQL database (run when DATABASE_URL is set, as in CI):
 * both serve, a session made on one works on the other, and the audit rows of both are kept.
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
  [a, b] = await Promise.all([startDashboard(3151, shared), startDashboard(3152, shared)]);
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

import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serveCommand } from "@/lib/cli/serve-args";
import { openDatabase } from "@/lib/db/open";
import { addStaff } from "@/lib/staff/staff-store";
import { startServerProcess, type ServerProcess } from "@/lib/testing/server-process";

const nextBin = path.resolve("node_modules/next/dist/bin/next");
const ADMIN_EMAIL = "bench-admin@example.com";

export type DashboardOptions = {
  port: number;
  distDir: string;
  /** The chat service's base address, e.g. the emulator's `/v3`. */
  chatBaseUrl: string;
  /** More variables for this instance, e.g. CHAT_CACHE_TTL_MS. */
  env?: Record<string, string>;
  /**
   * Instances sharing one PostgreSQL database (the scale scenario): its address, the address the
   * staff use (the round-robin in front, APP_URL of every instance), and the admin already in it.
   * Without, a fresh PGlite database of its own with a new admin.
   */
  shared?: { databaseUrl: string; appUrl: string; admin: { email: string; password: string } };
};

/** `cookie` is a signed-in admin's session, ready for a `cookie` request header. */
export type RunningDashboard = ServerProcess & { url: string; cookie: string };

/** Next writes BUILD_ID last: a dist dir without one holds no complete build. */
export function hasBuild(distDir: string): boolean {
  return existsSync(path.join(distDir, "BUILD_ID"));
}

/** `next build` into distDir; its output goes to standard error so standard output stays the report. */
export function buildDashboard(distDir: string): void {
  console.error(`Building the dashboard into ${distDir}…`);
  const result = spawnSync(process.execPath, [nextBin, "build"], {
    stdio: ["ignore", 2, 2],
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`next build into ${distDir} failed (exit ${result.status ?? result.signal})`);
}

/**
 * Writes the benchmark's admin (PGlite admits one process per directory, so before the server
 * opens it; a shared PostgreSQL database gets it once, before its instances start).
 */
export async function addAdmin(target: { dataDir: string; databaseUrl?: string }, password: string): Promise<{ email: string; password: string }> {
  const handle = await openDatabase(target);
  try {
    await addStaff(handle.db, { email: ADMIN_EMAIL, role: "admin", password });
  } finally {
    await handle.close();
  }
  return { email: ADMIN_EMAIL, password };
}

/** Signs in with email and password and returns the session cookies as one `cookie` header value; `origin` is the dashboard's APP_URL. */
export async function signIn(url: string, email: string, password: string, origin = url): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`signing in at ${url} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`signing in at ${url} set no cookie`);
  return cookie;
}

/**
 * The built dashboard (its production server, lib/cli/serve.ts) on 127.0.0.1, in demo mode against `chatBaseUrl`, with a
 * fresh database in a temp dir holding one admin, signed in. `stop()` also removes the database.
 */
export async function startDashboard(options: DashboardOptions): Promise<RunningDashboard> {
  const url = `http://127.0.0.1:${options.port}`;
  const { shared } = options;
  const appUrl = shared?.appUrl ?? url;
  const dataDir = mkdtempSync(path.join(tmpdir(), "dashboard-bench-"));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const admin = shared?.admin ?? (await addAdmin({ dataDir }, randomBytes(18).toString("base64url")));
    const command = serveCommand(options.distDir);
    const server = await startServerProcess(
      [...command.args, "--hostname", "127.0.0.1", "--port", String(options.port)],
      {
        ...process.env,
        ...command.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_DIST_DIR: options.distDir,
        PORT: String(options.port),
        APP_URL: appUrl,
        CHAT_BASE_URL: options.chatBaseUrl,
        // Blank values: a developer's own settings must not point the benchmark at a real service or database.
        CHAT_API_KEY: "",
        DATABASE_URL: shared?.databaseUrl ?? "",
        OIDC_ISSUER: "",
        OIDC_CLIENT_ID: "",
        OIDC_CLIENT_SECRET: "",
        REQUIRE_2FA: "off",
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        SIGN_IN_RATE_LIMIT: "100000",
        SIGN_IN_ACCOUNT_FREE_FAILURES: "1000",
        LOG_LEVEL: "warn",
        ...options.env,
      },
      `${url}/api/health`,
    );
    const cookie = await signIn(url, admin.email, admin.password, appUrl).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    return {
      ...server,
      url,
      cookie,
      async stop() {
        await server.stop();
        removeDataDir();
      },
    };
  } catch (error) {
    removeDataDir();
    throw error;
  }
}

/**
 * `count` moderators added through the staff API by the dashboard's admin, each signed in: their
 * session cookies, in order. `origin` is the dashboard's APP_URL.
 */
export async function addSignedInModerators(dashboard: RunningDashboard, count: number, label: string, origin = dashboard.url): Promise<string[]> {
  const password = `bench-${label}-password`;
  const stamp = Date.now().toString(36);
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${label}-${i}-${stamp}@example.com`;
    const response = await fetch(`${dashboard.url}/api/staff`, {
      method: "POST",
      headers: { cookie: dashboard.cookie, origin, "content-type": "application/json" },
      body: JSON.stringify({ email, name: `${label} moderator ${i}`, role: "moderator", password }),
    });
    if (!response.ok) throw new Error(`adding moderator ${email} answered ${response.status}: ${await response.text()}`);
    cookies.push(await signIn(dashboard.url, email, password, origin));
  }
  return cookies;
}

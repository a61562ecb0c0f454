import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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

/** PGlite admits one process per directory, so the account is written before the server opens it. */
async function addAdmin(dataDir: string, password: string): Promise<void> {
  const handle = await openDatabase({ dataDir });
  try {
    await addStaff(handle.db, { email: ADMIN_EMAIL, role: "admin", password });
  } finally {
    await handle.close();
  }
}

/** Signs in with email and password and returns the session cookies as one `cookie` header value. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
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
 * The built dashboard (`next start`) on 127.0.0.1, in demo mode against `chatBaseUrl`, with a
 * fresh database in a temp dir holding one admin, signed in. `stop()` also removes the database.
 */
export async function startDashboard(options: DashboardOptions): Promise<RunningDashboard> {
  const url = `http://127.0.0.1:${options.port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "dashboard-bench-"));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const password = randomBytes(18).toString("base64url");
    await addAdmin(dataDir, password);
    const server = await startServerProcess(
      [nextBin, "start", "--hostname", "127.0.0.1", "--port", String(options.port)],
      {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_DIST_DIR: options.distDir,
        PORT: String(options.port),
        APP_URL: url,
        CHAT_BASE_URL: options.chatBaseUrl,
        // Blank values: a developer's own settings must not point the benchmark at a real service or database.
        CHAT_API_KEY: "",
        DATABASE_URL: "",
        OIDC_ISSUER: "",
        OIDC_CLIENT_ID: "",
        OIDC_CLIENT_SECRET: "",
        REQUIRE_2FA: "off",
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        SIGN_IN_RATE_LIMIT: "100000",
        LOG_LEVEL: "warn",
        ...options.env,
      },
      `${url}/api/health`,
    );
    const cookie = await signIn(url, ADMIN_EMAIL, password).catch(async (error: unknown) => {
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

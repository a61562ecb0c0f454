import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { vi } from "vitest";
import { startEmulator } from "@/lib/emulator/server";
import type { StaffRole } from "@/lib/db/schema";
import { createScratchDatabase, type DatabaseTarget } from "./test-databases";

export const APP_URL = "http://localhost:3999";
export const PASSWORD = "harness-password-1";

type RouteModule = Record<string, (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>>;
type CallOptions = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string>; cookie?: string };

/**
 * The dashboard's server side in-process, as the route files see it: a real emulator on loopback, a
 * real database (PGlite in a temp dir, or a scratch database on the PostgreSQL server), real
 * better-auth sessions. Route handlers are called with real Requests.
 */
export async function startHarness(options: { target?: DatabaseTarget; env?: Record<string, string> } = {}) {
  const emulator = await startEmulator({ port: 0 });
  const dataDir = mkdtempSync(path.join(tmpdir(), "dashboard-test-"));
  const scratch = options.target?.url ? await createScratchDatabase(options.target.url) : undefined;
  const saved = { ...process.env };
  delete process.env.CHAT_API_KEY;
  Object.assign(process.env, {
    CHAT_BASE_URL: emulator.baseUrl,
    DATA_DIR: dataDir,
    APP_URL,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SIGN_IN_RATE_LIMIT: "1000",
    DATABASE_URL: scratch?.url ?? "",
    CHAT_TIMEOUT_MS: "2000",
    CHAT_CACHE_TTL_MS: "0",
    ...options.env,
  });
  vi.resetModules();
  const { database } = await import("@/lib/db/client");
  const { addStaff } = await import("@/lib/staff/staff-store");
  const handle = await database();
  const staffIds: Record<StaffRole, string> = {
    admin: (await addStaff(handle.db, { email: "admin@test.example", role: "admin", password: PASSWORD })).id,
    moderator: (await addStaff(handle.db, { email: "mod@test.example", role: "moderator", password: PASSWORD })).id,
  };

  async function call(mod: RouteModule, method: string, url: string, opts: CallOptions = {}): Promise<Response> {
    const handler = mod[method];
    if (!handler) throw new Error(`no ${method} handler`);
    const target = new URL(url, APP_URL);
    for (const [k, v] of Object.entries(opts.query ?? {})) target.searchParams.set(k, v);
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: BodyInit | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] ??= "application/json";
    }
    return handler(new Request(target, { method, headers, body }), { params: Promise.resolve(opts.params ?? {}) });
  }

  let signIns = 0;
  async function signIn(email: string, password = PASSWORD): Promise<{ response: Response; cookie: string }> {
    const authRoute = (await import("@/app/api/auth/[...all]/route")) as unknown as RouteModule;
    const response = await call(authRoute, "POST", "/api/auth/sign-in/email", {
      body: { email, password },
      // A fresh client address each time, so suites that test the sign-in rate limit can still sign in.
      headers: { origin: process.env.APP_URL ?? APP_URL, "x-forwarded-for": `10.1.${++signIns % 250}.${Math.floor(signIns / 250) % 250}` },
    });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return { response, cookie };
  }

  /** How many requests the chat service (the emulator's /v3) has received since its last reset. */
  async function upstreamRequests(): Promise<number> {
    const stats = (await (await fetch(`${emulator.url}/__emulator/stats`)).json()) as { requests: { total: number } };
    return stats.requests.total;
  }

  return {
    emulator,
    upstreamRequests,
    db: handle.db,
    kind: handle.kind,
    staffIds,
    call,
    signIn,
    async cookieFor(role: StaffRole) {
      const { response, cookie } = await signIn(role === "admin" ? "admin@test.example" : "mod@test.example");
      if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      return cookie;
    },
    async close() {
      await handle.close();
      const g = globalThis as Record<string, unknown>;
      delete g.__dashboardDb;
      delete g.__dashboardAuth;
      delete g.__dashboardLog;
      delete g.__staffSessions;
      await emulator.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      process.env = saved;
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

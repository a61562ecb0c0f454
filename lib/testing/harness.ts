import { rmSync } from "node:fs";
import { vi } from "vitest";
import { startEmulator } from "@/lib/emulator/server";
import type { StaffRole } from "@/lib/db/schema";
import { CLIENT_ADDRESS_HEADER } from "@/lib/net/client-address";
import { freshDataDir } from "./pglite-template";
import { createScratchDatabase, type DatabaseTarget } from "./test-databases";

export const APP_URL = "http://localhost:3999";
export const PASSWORD = "harness-password-1";

type RouteModule = Record<string, (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>>;
type CallOptions = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string>; cookie?: string };

type DashboardOptions = { target?: DatabaseTarget; env?: Record<string, string> };

/**
 * The dashboard's server side in-process, as the route files see it: a real emulator on loopback, a
 * real database (PGlite in a temp dir, or a scratch database on the PostgreSQL server), real
 * better-auth sessions. Route handlers are called with real Requests.
 */
export async function startHarness(options: DashboardOptions & { emulatorNow?: () => number } = {}) {
  // A fixed emulator clock keeps its per-minute rate-limit window from rolling over mid-test.
  const emulator = await startEmulator({ port: 0, now: options.emulatorNow });
  const dashboard = await startDashboardAgainst(emulator.baseUrl, options);

  /** How many requests the chat service (the emulator's /v3) has received since its last reset. */
  async function upstreamRequests(): Promise<number> {
    const stats = (await (await fetch(`${emulator.url}/__emulator/stats`)).json()) as { requests: { total: number } };
    return stats.requests.total;
  }

  return {
    ...dashboard,
    emulator,
    upstreamRequests,
    async close() {
      await dashboard.close();
      await emulator.close();
    },
  };
}

/**
 * Drops what the dashboard builds once per process from its settings and keeps on globalThis
 * (database handle, auth, logger, metrics, session cache, health monitor), so the next dashboard
 * builds its own. The queue's change counters stay: modules hold those maps from their first load.
 */
function forgetProcessState() {
  const g = globalThis as Record<string, unknown>;
  (g.__dashboardHealth as { stop(): void } | undefined)?.stop();
  for (const key of ["__dashboardDb", "__dashboardAuth", "__dashboardLog", "__dashboardRateLimit", "__dashboardMetrics", "__staffSessions", "__dashboardHealth"]) delete g[key];
}

/**
 * The same dashboard against any chat service at `chatBaseUrl`: an independent server answering in
 * the real service's shapes (lib/chat/fixtures/real-service-server.ts), no emulator.
 */
export async function startDashboardAgainst(chatBaseUrl: string, options: DashboardOptions = {}) {
  const scratch = options.target?.url ? await createScratchDatabase(options.target.url) : undefined;
  const dataDir = freshDataDir("dashboard-test-");
  const saved = { ...process.env };
  delete process.env.CHAT_API_KEY;
  Object.assign(process.env, {
    CHAT_BASE_URL: chatBaseUrl,
    DATA_DIR: dataDir,
    APP_URL,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SIGN_IN_RATE_LIMIT: "1000",
    SIGN_IN_ACCOUNT_FREE_FAILURES: "1000",
    DATABASE_URL: scratch?.url ?? "",
    CHAT_TIMEOUT_MS: "2000",
    CHAT_CACHE_TTL_MS: "0",
    ...options.env,
  });
  vi.resetModules();
  const { database } = await import("@/lib/db/client");
  const { auth } = await import("@/lib/auth/auth");
  const { addStaff } = await import("@/lib/staff/staff-store");
  // A worker runs many suites one after another (vitest.config.mts), and an earlier suite's late
  // work, still running on its own copy of the modules, may call auth() or database() at any await
  // and leave one built from its settings on globalThis (a session cookie without the https prefix,
  // once). Dropping those and building this dashboard's own in one synchronous step leaves no await
  // for that to slip in. One at a time: what is dropped is the process's own (one database handle,
  // one auth), so two dashboards could never share a process.
  forgetProcessState();
  const [handle] = await Promise.all([database(), auth()]);
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
      headers: { origin: process.env.APP_URL ?? APP_URL, [CLIENT_ADDRESS_HEADER]: `10.1.${++signIns % 250}.${Math.floor(signIns / 250) % 250}` },
    });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return { response, cookie };
  }

  /**
   * Says the queue changed after a test wrote to the database itself (the dashboard's own writes
   * say so as they commit), so the next read does not answer from the stored queue's cache.
   */
  async function queueChanged() {
    const { noteQueueChanged } = await import("@/lib/review/live/queue-changes");
    noteQueueChanged(handle.db);
  }

  /** One sync of the chat service's flagged list into the queue, as the background sync does (nothing syncs in the background here). */
  async function sync() {
    const { syncNow } = await import("@/lib/review/server/sync-service");
    return syncNow(handle.db);
  }

  return {
    sync,
    queueChanged,
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
      forgetProcessState();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      process.env = saved;
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

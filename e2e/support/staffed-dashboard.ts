import { mkdirSync } from "node:fs";
import path from "node:path";
import { request } from "@playwright/test";
import { addStaffWithCli, startDashboard, type DashboardProcess } from "./dashboard-process";
import { E2E } from "./e2e-config";

/** A port next to the suite's own (E2E_PORT + offset), so parallel runs on other E2E_PORTs do not collide. */
export const extraPort = (offset: number) => Number(new URL(E2E.appUrl).port) + offset;

export const EXTRA_STAFF = { email: "extra-mod@example.com", password: "extra-dashboard-pass-1" };

/** Where an extra dashboard's signed-in moderator is kept for the browser (known before the dashboard starts, for test.use). */
export const extraStorageState = (port: number) => path.resolve(`.data/e2e-auth-${port}/extra-moderator.json`);

export type StaffedDashboard = DashboardProcess & {
  dataDir: string;
  env: Record<string, string>;
  /** Signs the moderator in; a storageState file for the browser, and the cookie header for fetch. */
  signIn(): Promise<{ storageState: string; cookie: string }>;
};

/**
 * Another built dashboard on its own embedded database (or `env.DATABASE_URL`), with one moderator
 * added through the staff command line before it starts, as an operator would.
 */
export async function startStaffedDashboard(port: number, label: string, env: Record<string, string> = {}): Promise<StaffedDashboard> {
  const dataDir = path.resolve(`.data/e2e-${label}-${port}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const fullEnv = { DATA_DIR: dataDir, ...env };
  addStaffWithCli(EXTRA_STAFF.email, "moderator", EXTRA_STAFF.password, fullEnv);
  const dashboard = await startDashboard(port, fullEnv);
  return {
    ...dashboard,
    dataDir,
    env: fullEnv,
    async signIn() {
      // An empty state of its own: inside a test file the suite's `use` (a storage file not written yet) would apply.
      const context = await request.newContext({ baseURL: dashboard.url, extraHTTPHeaders: { origin: dashboard.url }, storageState: { cookies: [], origins: [] } });
      const response = await context.post("/api/auth/sign-in/email", { data: { email: EXTRA_STAFF.email, password: EXTRA_STAFF.password } });
      if (!response.ok()) throw new Error(`sign-in on ${dashboard.url} failed: ${response.status()} ${await response.text()}`);
      const storageState = extraStorageState(port);
      const state = await context.storageState({ path: storageState });
      await context.dispose();
      return { storageState, cookie: state.cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
    },
  };
}

/** Lines of a server's output that are unhandled errors: our JSON event lines, Next's own text, the route wrapper's. */
export function unhandledErrorLines(output: string): string[] {
  return output.split("\n").filter((line) => /unhandledRejection|uncaughtException|unhandled error in route handler/.test(line));
}

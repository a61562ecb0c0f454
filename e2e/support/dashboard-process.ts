import { spawnSync } from "node:child_process";
import path from "node:path";
import { serveCommand } from "../../lib/cli/serve-args";
import { seedDataDir } from "../../lib/testing/database-template";
import { startServerProcess, type ServerProcess } from "../../lib/testing/server-process";
import { E2E } from "./e2e-config";

export type DashboardProcess = ServerProcess & { url: string };

/**
 * Another instance of the built dashboard (its production server, lib/cli/serve.ts), with its own settings, for tests that
 * need more than the suite's main server: several instances on one database, single sign-on.
 * Its whole output is kept, for tests that read it.
 */
export async function startDashboard(port: number, env: Record<string, string>): Promise<DashboardProcess> {
  const url = `http://127.0.0.1:${port}`;
  const command = serveCommand();
  const server = await startServerProcess(
    [...command.args, "--port", String(port)],
    {
      ...process.env,
      ...command.env,
      ...E2E.serverEnv,
      PORT: String(port),
      APP_URL: url,
      CHAT_BASE_URL: `${E2E.emulatorUrl}/v3`,
      NODE_ENV: "production",
      ...env,
    },
    `${url}/api/health`,
    { outputLimit: Number.POSITIVE_INFINITY },
  );
  await warm(url);
  return { ...server, url };
}

/**
 * The server has loaded its code before health answers (lib/cli/serve.ts), but the sign-in page's
 * first render and better-auth's set-up on the first session read still wait for the first request
 * (0.55 and 1.07 s on an idle machine); a first sign-in that paid for them took over 7 s under the
 * other shard's load (CI). Reading both first changes nothing.
 */
async function warm(url: string) {
  for (const path of ["/sign-in", "/api/auth/get-session"]) {
    const response = await fetch(`${url}${path}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}${path} answered ${response.status} while warming up`);
  }
}

/** Adds a staff member through the staff command line, password on standard input. */
export function addStaffWithCli(email: string, role: "admin" | "moderator", password: string, env: Record<string, string>): void {
  const fullEnv = { ...process.env, ...E2E.serverEnv, ...env };
  // The embedded database starts as a copy of the migrated template (the staff command would make it from nothing).
  if (!fullEnv.DATABASE_URL) seedDataDir(fullEnv.DATA_DIR);
  const result = spawnSync(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "lib/cli/staff.ts", "add", email, "--role", role],
    { input: `${password}\n`, env: fullEnv, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`staff add failed: ${result.stderr}${result.stdout}`);
}

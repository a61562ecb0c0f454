import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { E2E } from "./e2e-config";

const running = new Set<ChildProcess>();
// A test that times out before its afterAll still must not leave a server holding the port.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export type DashboardProcess = { url: string; process: ChildProcess; output: () => string; stop(): Promise<void> };

/**
 * Another instance of the built dashboard (`next start`), with its own settings, for tests that
 * need more than the suite's main server: several instances on one database, single sign-on.
 */
export async function startDashboard(port: number, env: Record<string, string>): Promise<DashboardProcess> {
  const url = `http://127.0.0.1:${port}`;
  if (await fetch(`${url}/api/health`).then(() => true, () => false)) throw new Error(`port ${port} is already serving: stop that process first`);
  let output = "";
  const child = spawn(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "start", "--port", String(port)], {
    env: {
      ...process.env,
      ...E2E.serverEnv,
      PORT: String(port),
      APP_URL: url,
      CHAT_BASE_URL: `${E2E.emulatorUrl}/v3`,
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dashboard on ${port} exited: ${output}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`dashboard on ${port} did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        // A process killed by a signal has no exit code, only its signal.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Adds a staff member through the staff command line, password on standard input. */
export function addStaffWithCli(email: string, role: "admin" | "moderator", password: string, env: Record<string, string>): void {
  const result = spawnSync(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "lib/cli/staff.ts", "add", email, "--role", role],
    { input: `${password}\n`, env: { ...process.env, ...E2E.serverEnv, ...env }, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`staff add failed: ${result.stderr}${result.stdout}`);
}

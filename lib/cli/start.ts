/**
 * `npm start` / `npm run dev`: validates the configuration, starts the bundled chat-service emulator
 * when no CHAT_API_KEY is set, migrates the database, builds if there is no complete build, then
 * runs Next and forwards signals to it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { loadDashboardConfig } from "@/lib/env/dashboard";
import { loadDemoEmulatorConfig } from "@/lib/env/emulator";
import { startEmulator } from "@/lib/emulator/server";
import { demoCredentials } from "@/lib/auth/demo-accounts";
import { DEV_SERVE_COMMAND, serveCommand } from "./serve-args";
import { prepareDatabase } from "./prepare-database";

const dev = process.argv.includes("--dev");
const nextBin = path.resolve("node_modules/next/dist/bin/next");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A configuration error stops start-up with its own message (it names the variable), not a stack trace. */
function readOrFail<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

/** A build is complete when Next wrote its BUILD_ID last; a failed build leaves none. */
function ensureBuild(): void {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (existsSync(path.join(distDir, "BUILD_ID")) && existsSync(path.join(distDir, "required-server-files.json"))) return;
  console.log("No complete build found: building the dashboard (about a minute)…");
  const result = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: childEnv() });
  if (result.status !== 0) fail("The build failed; see the output above.");
}

function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...extra };
}

/** True once the server answers at all (any status), false if it exits first. */
async function answersOnce(url: string, server: ChildProcess): Promise<boolean> {
  while (server.exitCode === null && server.signalCode === null) {
    if (await fetch(url).then(() => true, () => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function main() {
  const config = readOrFail(loadDashboardConfig);
  let stopEmulator: (() => Promise<void>) | undefined;
  if (config.chat.mode === "emulator") {
    const emulatorConfig = readOrFail(loadDemoEmulatorConfig);
    const emulator = await startEmulator({
      port: config.EMULATOR_PORT,
      host: "127.0.0.1",
      pinningEnabled: emulatorConfig.pinningEnabled,
      autoFlagIntervalMs: emulatorConfig.autoFlagIntervalMs,
    }).catch((error: unknown) =>
      fail(`The chat-service emulator could not start on port ${config.EMULATOR_PORT} (${error instanceof Error ? error.message : String(error)}). Set EMULATOR_PORT to a free port.`),
    );
    stopEmulator = emulator.close;
    console.log(`Demo mode: no CHAT_API_KEY set, using the bundled chat-service emulator at ${emulator.baseUrl}`);
  } else {
    console.log(`Chat service: ${config.chat.baseUrl}`);
  }

  const database = await prepareDatabase(config).catch((error: unknown) =>
    fail(`The database could not be opened or migrated: ${error instanceof Error ? error.message : String(error)}`),
  );
  console.log(`Database: ${database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite under ${path.resolve(config.DATA_DIR)}`}`);

  if (!dev) ensureBuild();
  // Both run the dashboard's own server (serve.ts), which sets the client's address for the
  // sign-in limits; `next dev` would leave every client in one bucket per path.
  const server = dev ? DEV_SERVE_COMMAND : serveCommand();
  const next = spawn(process.execPath, [...server.args, "--port", String(config.PORT)], {
    stdio: ["ignore", "inherit", "inherit"],
    env: childEnv({ ...server.env, PORT: String(config.PORT), NODE_ENV: dev ? "development" : "production" }),
  });
  console.log(`Dashboard: ${config.appUrl}`);
  const stop = (signal: NodeJS.Signals) => {
    next.kill(signal);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  next.on("exit", async (code, signal) => {
    await stopEmulator?.();
    process.exit(code ?? (signal ? 0 : 1));
  });

  // Last, under the build's and the server's own output, where it does not scroll away.
  const demo = demoCredentials(config);
  if (demo && (await answersOnce(`http://127.0.0.1:${config.PORT}/api/health`, next))) {
    console.log(`\nDemo staff accounts (sign in at ${config.appUrl}/sign-in; the sign-in page shows them too):`);
    for (const account of demo.accounts) console.log(`  ${account.email} (${account.role})  password: ${demo.password}`);
  }
}

void main();

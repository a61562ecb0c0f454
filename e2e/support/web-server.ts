/**
 * The suite's web server: `npm start` (lib/cli/start.ts) with its standard output and error passed
 * through as before and also written to E2E.serverLog, so the global teardown can check that the
 * chat-service key never reached the dashboard's logs during the run.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { seedDataDir } from "../../lib/testing/database-template";
import { E2E } from "./e2e-config";

mkdirSync(path.dirname(E2E.serverLog), { recursive: true });
// The embedded database starts as a copy of the migrated template (a fresh folder's first start has
// its own test, e2e/demo-accounts.spec.ts). DATA_DIR comes from the config process's E2E.serverEnv.
if (process.env.DATA_DIR) seedDataDir(process.env.DATA_DIR);
const log = createWriteStream(E2E.serverLog, { flags: "w" });
const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "lib/cli/start.ts"], {
  stdio: ["ignore", "pipe", "pipe"],
});
child.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
child.stderr.on("data", (chunk: Buffer) => {
  process.stderr.write(chunk);
  log.write(chunk);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => log.end(() => process.exit(code ?? (signal ? 0 : 1))));

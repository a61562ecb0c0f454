/**
 * `npm run bench:attacks`: only issue 19's attack cells (bench/attack-cells.ts), against one
 * instance of the built dashboard and the emulator, with their checks on standard output. The
 * full `npm run bench` measures them too, beside everything else.
 */
import { measureAttacks } from "./attack-cells";
import { loadBenchConfig } from "./config";
import { buildDashboard, hasBuild, startDashboard } from "./dashboard-process";
import { startEmulatorProcess } from "./emulator-process";
import { exitOnError } from "./report";
import { onStop, stopEverything } from "./stops";
import { attackChecks, exitOnMisses } from "./targets";

async function main(): Promise<void> {
  const config = loadBenchConfig();
  try {
    if (config.BENCH_REBUILD || !hasBuild(config.NEXT_DIST_DIR)) buildDashboard(config.NEXT_DIST_DIR);
    const emulator = await startEmulatorProcess(config.BENCH_EMULATOR_PORT);
    onStop(emulator.stop);
    const dashboard = await startDashboard({ port: config.BENCH_PORT, distDir: config.NEXT_DIST_DIR, chatBaseUrl: emulator.baseUrl, env: { CHAT_CACHE_TTL_MS: "0" } });
    onStop(dashboard.stop);
    const attacks = await measureAttacks(dashboard, { signInBurstSeconds: config.BENCH_SIGN_IN_BURST_SECONDS, floodSeconds: config.BENCH_FLOOD_SECONDS });
    const checks = attackChecks(attacks);
    console.log(JSON.stringify({ attacks, checks }, null, 2));
    exitOnMisses(checks);
  } finally {
    await stopEverything();
  }
}

main().catch(exitOnError);

import path from "node:path";
import { runStep, type StepResult } from "./run-step";
import { balanceSpecs } from "./spec-balance";

/**
 * The browser tests as concurrent Playwright shards, each with its own dashboard, emulator and
 * embedded database on ports of its own (e2e/support/e2e-config.ts reads E2E_PORT and
 * E2E_EMULATOR_PORT). The suite runs one test at a time per dashboard because its tests share the
 * emulator's state; most of a test's time is spent waiting on the browser and the server, so two
 * shards on two cores take little more than half the time of one run.
 */

/** The first shard's ports are the suite's defaults; each further shard adds this much. */
const PORT_STRIDE = 100;
const FIRST_PORT = 3100;
const FIRST_EMULATOR_PORT = 4110;

export type Shard = { index: number; total: number; port: number; jsonReport: string; files: string[] };

/** The shards, each with its spec files (balanceSpecs), ports and report; a shard left without files is not run. */
export function planShards(specFiles: readonly string[], specSeconds: Readonly<Record<string, number>>, total: number, resultsDir: string): Shard[] {
  return balanceSpecs(specFiles, specSeconds, total).map((files, i) => ({
    index: i + 1,
    total,
    port: FIRST_PORT + i * PORT_STRIDE,
    jsonReport: path.join(resultsDir, `playwright-${i + 1}.json`),
    files,
  })).filter((shard) => shard.files.length > 0);
}

/** A command-line filter that matches exactly this file (Playwright reads each argument as a pattern over the file's path). */
const exactly = (file: string) => `(^|/)${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;

/** Runs one shard to its end. */
function runShard(playwright: string, shard: Shard, env: NodeJS.ProcessEnv): Promise<StepResult> {
  const shardEnv = {
    ...env,
    E2E_PORT: String(shard.port),
    E2E_EMULATOR_PORT: String(FIRST_EMULATOR_PORT + (shard.port - FIRST_PORT)),
    PLAYWRIGHT_JSON_OUTPUT_NAME: shard.jsonReport,
  };
  return runStep(playwright, ["test", ...shard.files.map(exactly)], shardEnv, `[e2e ${shard.index}/${shard.total}] `);
}

/** All shards at once, each one's result. */
export async function runBrowserShards(playwright: string, shards: Shard[], env: NodeJS.ProcessEnv): Promise<StepResult[]> {
  return Promise.all(shards.map((shard) => runShard(playwright, shard, env)));
}

import { spawn } from "node:child_process";
import path from "node:path";

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

export type Shard = { index: number; total: number; port: number; jsonReport: string };

export function planShards(total: number, resultsDir: string): Shard[] {
  return Array.from({ length: total }, (_, i) => ({
    index: i + 1,
    total,
    port: FIRST_PORT + i * PORT_STRIDE,
    jsonReport: path.join(resultsDir, `playwright-${i + 1}.json`),
  }));
}

/** Each line a shard prints, prefixed with the shard it came from, so interleaved output stays readable. */
function prefixLines(prefix: string, write: (text: string) => void) {
  let partial = "";
  return {
    push(chunk: Buffer) {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) write(`${prefix}${line}\n`);
    },
    end() {
      if (partial) write(`${prefix}${partial}\n`);
    },
  };
}

/** Runs one shard to its end; resolves with whether Playwright exited 0. */
function runShard(playwright: string, shard: Shard, env: NodeJS.ProcessEnv): Promise<boolean> {
  const child = spawn(playwright, ["test", `--shard=${shard.index}/${shard.total}`], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...env,
      E2E_PORT: String(shard.port),
      E2E_EMULATOR_PORT: String(FIRST_EMULATOR_PORT + (shard.port - FIRST_PORT)),
      PLAYWRIGHT_JSON_OUTPUT_NAME: shard.jsonReport,
    },
  });
  const prefix = `[e2e ${shard.index}/${shard.total}] `;
  const out = prefixLines(prefix, (text) => process.stdout.write(text));
  const err = prefixLines(prefix, (text) => process.stderr.write(text));
  child.stdout.on("data", out.push);
  child.stderr.on("data", err.push);
  return new Promise((resolve) => {
    child.on("error", (error) => {
      process.stderr.write(`${prefix}could not start Playwright: ${error.message}\n`);
      resolve(false);
    });
    child.on("close", (code) => {
      out.end();
      err.end();
      resolve(code === 0);
    });
  });
}

/** All shards at once; true when every one passed. */
export async function runBrowserShards(playwright: string, shards: Shard[], env: NodeJS.ProcessEnv): Promise<boolean> {
  const results = await Promise.all(shards.map((shard) => runShard(playwright, shard, env)));
  return results.every(Boolean);
}

/**
 * `npm test`: typecheck, lint, unit tests (Vitest), a fresh production build, the first-JavaScript
 * budget of that build (`npm run budget -- --no-build`) and the browser tests (Playwright). Exits
 * non-zero on any failure and ends with one line: `N passed, N failed`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { planShards, runBrowserShards } from "./browser-shards";
import { ensureChromium } from "./ensure-chromium";

const results = path.resolve("test-results");
rmSync(results, { recursive: true, force: true });
// Each browser-test run starts on fresh embedded databases.
for (const entry of existsSync(".data") ? readdirSync(".data") : []) {
  if (entry.startsWith("e2e-")) rmSync(path.join(".data", entry), { recursive: true, force: true });
}
mkdirSync(results, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(label: string, command: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return result.status === 0;
}

function count(file: string, read: (json: unknown) => { passed: number; failed: number }) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  return read(JSON.parse(readFileSync(file, "utf8")));
}

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const chromium = ensureChromium();

const steps: { label: string; ok: boolean }[] = [];
steps.push({ label: "typecheck", ok: run("typecheck", bin("tsc"), ["--noEmit"]) });
steps.push({ label: "lint", ok: run("lint", bin("eslint"), [".", "--max-warnings=0"]) });
const vitestJson = path.join(results, "vitest.json");
steps.push({ label: "unit", ok: run("unit tests", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]) });
const built = run("build", bin("next"), ["build"]);
steps.push({ label: "build", ok: built });
const shards = planShards(Number(process.env.E2E_SHARDS ?? 2), results);
if (built) {
  // Measures the build just made (the same NEXT_DIST_DIR, default .next): a page over its budget fails the run.
  steps.push({ label: "budget", ok: run("first-JavaScript budget", bin("tsx"), ["--conditions=react-server", "bench/budget.ts", "--no-build"]) });
  console.log(`\n=== browser tests: ${shards.length} Playwright shards at once`);
  steps.push({ label: "e2e", ok: await runBrowserShards(bin("playwright"), shards, { ...env, CHROMIUM_PATH: chromium }) });
}

type VitestJson = { numPassedTests?: number; numFailedTests?: number; testResults?: { name: string; assertionResults?: { fullName: string; status: string }[] }[] };
const unit = count(vitestJson, (json) => {
  const j = json as VitestJson;
  return { passed: j.numPassedTests ?? 0, failed: j.numFailedTests ?? 0 };
});
// The failures are named again at the end, where a CI log's tail shows them.
if (existsSync(vitestJson)) {
  const j = JSON.parse(readFileSync(vitestJson, "utf8")) as VitestJson;
  for (const file of j.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") console.log(`FAILED unit: ${path.relative(process.cwd(), file.name)} > ${test.fullName}`);
    }
  }
}
const e2e = shards
  .map((shard) =>
    count(shard.jsonReport, (json) => {
      const j = json as { stats?: { expected?: number; unexpected?: number; flaky?: number } };
      return { passed: (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0), failed: j.stats?.unexpected ?? 0 };
    }),
  )
  .reduce((sum, shard) => ({ passed: sum.passed + shard.passed, failed: sum.failed + shard.failed }), { passed: 0, failed: 0 });
const failedSteps = steps.filter((s) => !s.ok).map((s) => s.label);
const passed = unit.passed + e2e.passed;
const failed = unit.failed + e2e.failed + failedSteps.filter((s) => s !== "unit" && s !== "e2e").length;

console.log(`\nUnit: ${unit.passed} passed, ${unit.failed} failed. Browser: ${e2e.passed} passed, ${e2e.failed} failed.`);
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(", ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);

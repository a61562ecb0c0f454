/**
 * `npm test`: a fresh production build, then the browser tests (Playwright shards) and, beside them,
 * the first-JavaScript budget of that build (`npm run budget -- --no-build`), the type check and
 * lint (side by side) and then the unit tests (Vitest). Exits non-zero on any failure
 * and ends with each step's wall time and one line: `N passed, N failed`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { planShards, runBrowserShards } from "./browser-shards";
import { ensureChromium } from "./ensure-chromium";
import { databaseTemplate } from "@/lib/testing/database-template";
import { runStep } from "./run-step";
import { specSecondsOf } from "./spec-balance";

/** Seconds each browser-test file took in a whole run, to share the files out among the shards evenly. */
const SPEC_SECONDS = "e2e/spec-seconds.json";

const results = path.resolve("test-results");
rmSync(results, { recursive: true, force: true });
// Each browser-test run starts on new embedded databases, copied from a template made for this run.
for (const entry of existsSync(".data") ? readdirSync(".data") : []) {
  if (entry.startsWith("e2e-")) rmSync(path.join(".data", entry), { recursive: true, force: true });
}
mkdirSync(results, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

const steps: { label: string; ok: boolean; seconds: number }[] = [];
/** Runs one step; `prefix`: its output's lines go behind it (for a step that runs beside others). */
async function step(label: string, command: string, args: string[], { extraEnv = {}, prefix }: { extraEnv?: Record<string, string>; prefix?: string } = {}) {
  console.log(`\n=== ${label}: ${path.basename(command)} ${args.join(" ")}`);
  const result = await runStep(command, args, { ...env, ...extraEnv }, prefix);
  steps.push({ label, ...result });
  return result.ok;
}

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const chromium = ensureChromium();
const started = performance.now();

// The build comes first, so the browser tests can start as soon as possible: they are the longest
// step and, waiting on pages and the product's intervals, leave the cores partly idle. The type
// check, lint and unit tests fill that time beside them. The build skips its own type check: the
// one below fails this command on any type error, and comes after the build, so it also reads the
// route types the build generates (.next/types, in tsconfig.json).
const built = await step("build", bin("next"), ["build"], { extraEnv: { NEXT_BUILD_TYPES_CHECKED: "1" } });
const specFiles = readdirSync("e2e", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".spec.ts"))
  .map((file) => `e2e/${file.split(path.sep).join("/")}`);
const specSeconds = JSON.parse(readFileSync(SPEC_SECONDS, "utf8")) as Record<string, number>;
const shards = planShards(specFiles, specSeconds, Number(process.env.E2E_SHARDS ?? 2), results);

const vitestJson = path.join(results, "vitest.json");

/** Type check and lint side by side (each keeps one core busy), then the unit tests. */
async function checksThenUnit() {
  const checks = [
    { label: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
    { label: "lint", command: bin("eslint"), args: [".", "--max-warnings=0"] },
  ];
  await Promise.all(checks.map((check) => step(check.label, check.command, check.args, { prefix: `[${check.label}] ` })));
  await step("unit", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`], { prefix: "[unit] " });
}

/** The browser tests, in shards at once. */
async function browserTests() {
  // Made once here, not by both shards at once: every dashboard they start copies it.
  databaseTemplate();
  console.log(`\n=== browser tests: ${shards.length} Playwright shards at once`);
  for (const shard of shards) {
    const planned = shard.files.reduce((sum, file) => sum + (specSeconds[file] ?? 0), 0);
    console.log(`shard ${shard.index}: ${shard.files.length} files, ${Math.round(planned)} s in the last measured run`);
  }
  const shardResults = await runBrowserShards(bin("playwright"), shards, { ...env, CHROMIUM_PATH: chromium });
  shards.forEach((shard, i) => steps.push({ label: `e2e shard ${shard.index}`, ok: false, seconds: 0, ...shardResults[i] }));
  // This run's seconds per file: copied over SPEC_SECONDS, they balance the next runs.
  const reports = shards.filter((shard) => existsSync(shard.jsonReport)).map((shard) => JSON.parse(readFileSync(shard.jsonReport, "utf8")) as Parameters<typeof specSecondsOf>[0][number]);
  writeFileSync(path.join(results, "e2e-spec-seconds.json"), `${JSON.stringify(specSecondsOf(reports), null, 2)}\n`);
}

/** What needs the build: the browser tests, the longest step, at once, and its first-JavaScript budget beside them. */
async function afterTheBuild() {
  if (!built) return;
  // Measures the build just made (the same NEXT_DIST_DIR, default .next): a page over its budget fails the run.
  const budget = step("budget", bin("tsx"), ["--conditions=react-server", "bench/budget.ts", "--no-build"], { prefix: "[budget] " });
  await Promise.all([browserTests(), budget]);
}

await Promise.all([checksThenUnit(), afterTheBuild()]);

function count(file: string, read: (json: unknown) => { passed: number; failed: number }) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  return read(JSON.parse(readFileSync(file, "utf8")));
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
const failed = unit.failed + e2e.failed + failedSteps.filter((s) => s !== "unit" && !s.startsWith("e2e")).length;

console.log(`\nWall time: ${steps.map((s) => `${s.label} ${Math.round(s.seconds)} s`).join(", ")}; in all ${Math.round((performance.now() - started) / 1000)} s.`);
console.log(`\nUnit: ${unit.passed} passed, ${unit.failed} failed. Browser: ${e2e.passed} passed, ${e2e.failed} failed.`);
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(", ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);

/**
 * `npm run bench:scale`: issue 20's scale scenario. One PostgreSQL database (created for the run,
 * dropped after), the emulator seeded with BENCH_SCALE_ITEMS flagged messages, three instances of
 * the built dashboard on that database behind a round-robin (bench/round-robin.ts), then: the first
 * full import, one moderator alone, and BENCH_SCALE_MODERATORS together (bench/scale-moderators.ts),
 * with probes for new flags and decisions across instances (bench/scale-probes.ts). Writes
 * bench/results/scale-<timestamp>.json/.md and exits 1 when a target is missed.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import type { QueueSummary } from "@/lib/review/model/review-schemas";
import { loadBenchConfig, type BenchConfig } from "./config";
import { addAdmin, addSignedInModerators, buildDashboard, hasBuild, startDashboard, type RunningDashboard } from "./dashboard-process";
import { pause, withDeadline } from "./deadline";
import { startEmulatorProcess, type EmulatorProcess } from "./emulator-process";
import { gitCommit } from "./git-commit";
import { exitOnError, publish } from "./report";
import { pidsNamed, processorTimeBetween, readProcessors, treeGroup, type ProcessGroup } from "./processor-time";
import { startRoundRobin } from "./round-robin";
import { RssSampler } from "./rss";
import { POLL_EVERY_MS, runModerator } from "./scale-moderators";
import { probeDecisions, probeNewFlags, type ProbeContext, type ProbeResult } from "./scale-probes";
import { Recorder } from "./scale-recorder";
import { renderScaleMarkdown } from "./scale-report";
import type { ScalePhase, ScaleResults } from "./scale-results";
import { createScratchDatabase } from "./scratch-database";
import { onStop, stopEverything } from "./stops";
import { scaleChecks } from "./targets";

const INSTANCES = 3;
const SEED_BATCH = 10_000;
const IMPORT_POLL_MS = 2_000;
const LIST_ROUTE = "GET /moderation/flagged-messages";
/** Beyond the phases' own lengths: starting, seeding, signing moderators in, stopping. */
const SET_UP_ALLOWANCE_MS = 10 * 60_000;

const progress = (message: string) => console.error(`scale: ${message}`);
const statsSchema = z.object({ requests: z.object({ byRoute: z.record(z.string(), z.number()) }) });

async function listCalls(emulator: EmulatorProcess): Promise<number> {
  return statsSchema.parse(await emulator.control("stats")).requests.byRoute[LIST_ROUTE] ?? 0;
}

/** The emulator's flagged list before seeding, then BENCH_SCALE_ITEMS more, then its page size and paging for the run. */
async function seed(emulator: EmulatorProcess, config: BenchConfig): Promise<number> {
  await emulator.control("settings", { flaggedLimit: 10_000 });
  const response = await fetch(`${emulator.baseUrl}/moderation/flagged-messages`, { headers: { apikey: EMULATOR_DEMO_API_KEY } });
  const before = ((await response.json()) as { data: unknown[] }).data.length;
  for (let left = config.BENCH_SCALE_ITEMS; left > 0; left -= SEED_BATCH) {
    await emulator.control("seed/flagged-messages", { count: Math.min(SEED_BATCH, left), groupShare: config.BENCH_SCALE_GROUP_SHARE });
  }
  await emulator.control("settings", { flaggedLimit: config.BENCH_SCALE_FLAGGED_LIMIT, flaggedPaging: true });
  return before;
}

/** Every state's total in an instance's queue, or 0 while it cannot answer. */
async function queueTotal(instance: RunningDashboard): Promise<number> {
  try {
    const response = await fetch(`${instance.url}/api/review/queue/summary`, { headers: { cookie: instance.cookie }, signal: AbortSignal.timeout(60_000) });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    const { totals } = (await response.json()) as QueueSummary;
    return Object.values(totals).reduce((sum, n) => sum + n, 0);
  } catch (error) {
    progress(`reading ${instance.url}'s queue during the import failed: ${error instanceof Error ? error.message : String(error)}`);
    return 0;
  }
}

/**
 * From `started` until every instance's queue totals reach `expected`, read every 2 s (the reads
 * only watch: the background sync of one instance imports).
 */
async function awaitImport(instances: RunningDashboard[], expected: number, started: number, timeoutMs: number): Promise<ScaleResults["import"]> {
  let totals = instances.map(() => 0);
  while (performance.now() - started < timeoutMs) {
    totals = await Promise.all(instances.map(queueTotal));
    if (totals.every((total) => total >= expected)) return { ms: performance.now() - started, timeoutMs, totals };
    progress(`import: totals ${totals.join(", ")} of ${expected}`);
    await pause(IMPORT_POLL_MS);
  }
  return { ms: null, timeoutMs, totals };
}

/**
 * A team does not open the page in the same millisecond: the i-th of n moderators arrives i/n of a
 * poll period into the phase, so their polls are spread as a real team's are (started together,
 * fifty page loads and then every poll came at once, and the run measured that stampede).
 */
const arrival = (i: number, n: number) => Math.floor((i / n) * POLL_EVERY_MS);

/** `cookies.length` moderators and both probes until `ms` from now; the list calls are counted from the phase's start. */
async function phase(emulator: EmulatorProcess, baseUrl: string, cookies: string[], probes: ProbeContext, ms: number, processes: readonly ProcessGroup[]) {
  await emulator.control("stats/reset", {});
  const recorder = new Recorder();
  const started = performance.now();
  const processorsBefore = readProcessors(processes, started);
  const until = Date.now() + ms;
  const [newFlag, decision] = await withDeadline(
    Promise.all([
      probeNewFlags(probes, until),
      probeDecisions(probes, until),
      ...cookies.map((cookie, i) => runModerator({ baseUrl, cookie, until, recorder, seed: 0x5ca1e + i, arrivesAfterMs: arrival(i, cookies.length) })),
    ]),
    ms + 120_000,
    "the moderators and probes",
  );
  const processor = processorTimeBetween(processorsBefore, readProcessors(processes));
  const seconds = (performance.now() - started) / 1000;
  const calls = await listCalls(emulator);
  const result: ScalePhase = {
    moderators: cookies.length,
    seconds,
    listCalls: calls,
    listCallsPerMinute: (calls / seconds) * 60,
    timings: recorder.timings(),
    errorCount: recorder.errorCount,
    errors: recorder.errors,
    stale: recorder.stale,
    servedBy: Object.fromEntries(recorder.servedBy),
    byInstance: recorder.timingsByInstance(),
    processor,
  };
  return { result, newFlag: newFlag as ProbeResult, decision: decision as ProbeResult };
}

async function scale(config: BenchConfig): Promise<ScaleResults> {
  const startedAt = new Date().toISOString();
  const loadBefore = os.loadavg()[0] ?? 0;
  if (config.BENCH_REBUILD || !hasBuild(config.NEXT_DIST_DIR)) buildDashboard(config.NEXT_DIST_DIR);

  const database = await createScratchDatabase(config.BENCH_POSTGRES_URL, "bench_scale");
  onStop(() => database.drop().then(() => progress(`dropped database ${database.name}`)));
  progress(`database ${database.name}`);
  const emulator = await startEmulatorProcess(config.BENCH_EMULATOR_PORT);
  onStop(emulator.stop);
  const before = await seed(emulator, config);
  progress(`emulator seeded with ${config.BENCH_SCALE_ITEMS} flagged messages beside ${before}`);

  const proxy = await startRoundRobin(
    Array.from({ length: INSTANCES }, (_, i) => `http://127.0.0.1:${config.BENCH_PORT + i}`),
    config.BENCH_PORT + INSTANCES,
  );
  onStop(proxy.close);
  const adminDir = mkdtempSync(path.join(os.tmpdir(), "dashboard-bench-admin-"));
  const admin = await addAdmin({ dataDir: adminDir, databaseUrl: database.url }, randomBytes(18).toString("base64url")).finally(() =>
    rmSync(adminDir, { recursive: true, force: true }),
  );
  const shared = { databaseUrl: database.url, appUrl: proxy.url, admin };
  const authSecret = randomBytes(32).toString("base64url");

  const importStarted = performance.now();
  const instances: RunningDashboard[] = [];
  const samplers: RssSampler[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const instance = await startDashboard({ port: config.BENCH_PORT + i, distDir: config.NEXT_DIST_DIR, chatBaseUrl: emulator.baseUrl, shared, env: { AUTH_SECRET: authSecret } });
    onStop(instance.stop);
    instances.push(instance);
    const sampler = new RssSampler(instance.pid);
    onStop(() => sampler.stop());
    samplers.push(sampler);
  }
  progress(`${INSTANCES} instances up behind ${proxy.url}; waiting for the first full import`);
  const imported = await awaitImport(instances, config.BENCH_SCALE_ITEMS + before, importStarted, config.BENCH_SCALE_IMPORT_TIMEOUT_MS);
  progress(imported.ms === null ? "import: not complete" : `import: ${(imported.ms / 1000).toFixed(1)} s`);

  const first = instances[0] as RunningDashboard;
  const cookies = await addSignedInModerators(first, config.BENCH_SCALE_MODERATORS, "scale", proxy.url);
  const probes: ProbeContext = { instances, appUrl: proxy.url, emulator };
  const processes: ProcessGroup[] = [
    ...instances.map((instance, i) => treeGroup(`instance ${i + 1}`, instance.pid)),
    { label: "PostgreSQL", pids: () => pidsNamed("postgres") },
    treeGroup("emulator", emulator.pid),
    // Its own process only: the instances and the emulator are its children.
    { label: "benchmark (moderators, probes, round-robin)", pids: () => [process.pid] },
  ];
  progress(`1 moderator for ${config.BENCH_SCALE_SOLO_MS / 1000} s…`);
  const solo = await phase(emulator, proxy.url, cookies.slice(0, 1), probes, config.BENCH_SCALE_SOLO_MS, processes);
  progress(`${cookies.length} moderators for ${config.BENCH_SCALE_MS / 1000} s…`);
  const main = await phase(emulator, proxy.url, cookies, probes, config.BENCH_SCALE_MS, processes);

  const measured: Omit<ScaleResults, "checks"> = {
    startedAt,
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    settings: { ...config },
    seeded: config.BENCH_SCALE_ITEMS,
    before,
    import: imported,
    solo: solo.result,
    main: main.result,
    newFlag: main.newFlag,
    decision: main.decision,
    peakRssBytes: samplers.map((sampler) => sampler.peak),
  };
  return { ...measured, checks: scaleChecks(measured) };
}

async function main(): Promise<void> {
  const config = loadBenchConfig();
  const budgetMs = config.BENCH_SCALE_IMPORT_TIMEOUT_MS + config.BENCH_SCALE_SOLO_MS + config.BENCH_SCALE_MS + SET_UP_ALLOWANCE_MS;
  // The last resort against a hang: whatever is still waiting, stop everything and fail.
  const watchdog = setTimeout(() => {
    console.error(`scale: still running after ${budgetMs / 1000} s; stopping everything`);
    void stopEverything().finally(() => process.exit(1));
  }, budgetMs);
  let results: ScaleResults;
  try {
    results = await scale(config);
  } finally {
    await stopEverything();
    clearTimeout(watchdog);
  }
  publish("scale-", results, renderScaleMarkdown(results));
}

main().catch(exitOnError);

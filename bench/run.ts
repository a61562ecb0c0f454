/**
 * `npm run bench`: the dashboard's overhead over the chat service, on loopback. Starts the
 * emulator and two instances of the built dashboard (read cache on and off), measures the same
 * requests direct and through the dashboard, then a soak and a load run, then the queue in
 * headless Chromium (first rows painted, keystrokes in the search box), and writes
 * bench/results/<timestamp>.json/.md and latest.md. Settings: bench/config.ts.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { responses } from "@/lib/chat/schemas";
import type { QueueResponse, StoredItem } from "@/lib/review/model/review-schemas";
import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { measureAttacks } from "./attack-cells";
import { measureBrowser } from "./browser";
import { loadBenchConfig, type BenchConfig } from "./config";
import { addAdmin, buildDashboard, hasBuild, startDashboard, type RunningDashboard } from "./dashboard-process";
import { pollUntil } from "./deadline";
import { startEmulatorProcess } from "./emulator-process";
import { gitCommit } from "./git-commit";
import type { LoadRequest } from "./load";
import { cpuPinning } from "./cpu-pinning";
import { countUpstreamCalls, expectOk, loadRun, measureRows, measureShares, soak, type Scenario } from "./measure";
import { exitOnError, publish, renderMarkdown } from "./report";
import type { BenchResults, Row, Via } from "./results";
import { RssSampler } from "./rss";
import { createScratchDatabase } from "./scratch-database";
import { onStop, stopEverything } from "./stops";
import { evaluateTargets } from "./targets";

const USER_ID = "ana-souza";
const CACHE_TTL_MS = 2000;
/** Clients acting on an item during the load run, beside the polling ones. */
const LOAD_ACTION_CLIENTS = 8;

const viaEmulator = (base: string, apiPath: string, method: LoadRequest["method"] = "GET"): LoadRequest => ({
  url: `${base}${apiPath}`,
  method,
  headers: { apikey: EMULATOR_DEMO_API_KEY },
});

/**
 * A signed-in staff request; writes carry the origin like a browser's, or the dashboard refuses
 * them, and `json`, when given, as their body.
 */
const viaDashboard = (dashboard: RunningDashboard, apiPath: string, method: LoadRequest["method"] = "GET", json?: unknown): LoadRequest => ({
  url: `${dashboard.url}${apiPath}`,
  method,
  headers:
    method === "GET"
      ? { cookie: dashboard.cookie }
      : { cookie: dashboard.cookie, origin: dashboard.url, ...(json === undefined ? {} : { "content-type": "application/json" }) },
  ...(json === undefined ? {} : { body: JSON.stringify(json) }),
});

const PIN_LABEL = "POST /api/messages/{id}/pin";
const pinPath = (messageId: string) => `/messages/${encodeURIComponent(messageId)}/pin`;

/**
 * The pin of `messageId` through this instance, with the version its review item has there (what
 * the moderator saw); every later change to the item is the run's own pin, so it stays valid.
 */
async function pinScenario(dashboard: RunningDashboard, via: Via, messageId: string): Promise<Scenario> {
  const { version } = await queuedItem(dashboard, messageId);
  return { route: "pin", via, label: PIN_LABEL, request: viaDashboard(dashboard, `/api${pinPath(messageId)}`, "POST", { version }) };
}

/** The item as the dashboard's queue holds it, once its first sync (started with the server) has stored it. */
async function queuedItem(dashboard: RunningDashboard, id: string): Promise<StoredItem> {
  return pollUntil(async () => {
    const queue = (await (await expectOk(viaDashboard(dashboard, "/api/review/queue"))).json()) as QueueResponse;
    return { value: queue.data.find((i) => i.id === id) };
  }, `the review queue did not hold message ${id}`, 30_000);
}

/**
 * The pin's row on PostgreSQL (issue 20 sets its targets on PGlite and on PostgreSQL): a third
 * instance like the cached one, on a database of its own on BENCH_POSTGRES_URL, running only for
 * this row so it adds nothing to the other cells.
 */
async function measurePinOnPostgres(config: BenchConfig, chatBaseUrl: string, messageId: string): Promise<Row> {
  const database = await createScratchDatabase(config.BENCH_POSTGRES_URL, "bench_pin");
  onStop(database.drop);
  const port = config.BENCH_PORT + 2;
  const admin = await addAdmin({ dataDir: os.tmpdir(), databaseUrl: database.url }, randomBytes(18).toString("base64url"));
  const dashboard = await startDashboard({
    port,
    distDir: config.NEXT_DIST_DIR,
    chatBaseUrl,
    env: { CHAT_CACHE_TTL_MS: String(CACHE_TTL_MS) },
    shared: { databaseUrl: database.url, appUrl: `http://127.0.0.1:${port}`, admin },
  });
  try {
    const [row] = await measureRows([await pinScenario(dashboard, "postgres", messageId)], config.BENCH_SECONDS, config.BENCH_WARMUP_SECONDS);
    if (!row) throw new Error("the pin on PostgreSQL was not measured");
    return row;
  } finally {
    await dashboard.stop();
  }
}

async function bench(config: BenchConfig): Promise<BenchResults> {
  const startedAt = new Date().toISOString();
  const loadBefore = os.loadavg()[0] ?? 0;
  const distDir = config.NEXT_DIST_DIR;
  if (config.BENCH_REBUILD || !hasBuild(distDir)) buildDashboard(distDir);

  const emulator = await startEmulatorProcess(config.BENCH_EMULATOR_PORT);
  onStop(emulator.stop);
  const start = async (port: number, ttlMs: number) => {
    const dashboard = await startDashboard({ port, distDir, chatBaseUrl: emulator.baseUrl, env: { CHAT_CACHE_TTL_MS: String(ttlMs) } });
    onStop(dashboard.stop);
    const sampler = new RssSampler(dashboard.pid);
    onStop(() => sampler.stop());
    return { dashboard, sampler };
  };
  type Started = Awaited<ReturnType<typeof start>>;
  const cached = await start(config.BENCH_PORT, CACHE_TTL_MS);
  const uncached = await start(config.BENCH_PORT + 1, 0);

  const flaggedResponse = await expectOk(viaEmulator(emulator.baseUrl, "/moderation/flagged-messages"));
  const flaggedBody = await flaggedResponse.text();
  const messageId = responses.listFlaggedMessages.parse(JSON.parse(flaggedBody)).data[0]?.id;
  if (!messageId) throw new Error("the emulator lists no flagged message to pin");

  const flaggedPath = "/moderation/flagged-messages";
  const userPath = `/users/${USER_ID}`;
  const health = (via: Via, instance: Started): Scenario => ({ route: "health", via, label: "GET /api/health", request: viaDashboard(instance.dashboard, "/api/health") });
  const scenarios: Scenario[] = [
    { route: "floor", via: "cached", label: "GET /api/floor", request: viaDashboard(cached.dashboard, "/api/floor") },
    health("cached", cached),
    ...(["flagged", "user"] as const).flatMap((route): Scenario[] => {
      const apiPath = route === "flagged" ? flaggedPath : userPath;
      const label = `GET ${route === "flagged" ? "/api/moderation/flagged-messages" : "/api/users/{uid}"}`;
      return [
        { route, via: "emulator", label, request: viaEmulator(emulator.baseUrl, apiPath) },
        { route, via: "cached", label, request: viaDashboard(cached.dashboard, `/api${apiPath}`) },
        { route, via: "uncached", label, request: viaDashboard(uncached.dashboard, `/api${apiPath}`) },
      ];
    }),
    // Re-pinning a pinned message answers 200, so one message serves the whole run.
    { route: "pin", via: "emulator", label: PIN_LABEL, request: viaEmulator(emulator.baseUrl, pinPath(messageId), "POST") },
    await pinScenario(cached.dashboard, "cached", messageId),
  ];
  const phase = (label: string) => {
    for (const instance of [cached, uncached]) instance.sampler.phase(label);
  };
  phase("cells at 1, 16 and 64 clients");
  const rows = [...(await measureRows(scenarios, config.BENCH_SECONDS, config.BENCH_WARMUP_SECONDS)), await measurePinOnPostgres(config, emulator.baseUrl, messageId)];
  phase("shares at 64 clients");
  const sharePinning = cpuPinning([emulator.pid]);
  const sharesAt64 = await measureShares(
    ([["cached", cached], ["uncached", uncached]] as const).map(([via, instance]) => ({
      floor: viaDashboard(instance.dashboard, "/api/floor"),
      reads: [...scenarios.filter((s) => (s.route === "flagged" || s.route === "user") && s.via === via), health(via, instance)],
      pid: instance.dashboard.pid,
    })),
    config.BENCH_SHARE_ROUNDS,
    config.BENCH_SECONDS,
    config.BENCH_WARMUP_SECONDS,
    sharePinning,
  );

  const cachedFlagged = viaDashboard(cached.dashboard, `/api${flaggedPath}`);
  phase("upstream calls");
  const upstream = { ...(await countUpstreamCalls(emulator, cachedFlagged, config.BENCH_UPSTREAM_READS)), cacheTtlMs: CACHE_TTL_MS };
  console.error(`upstream: ${upstream.reads} reads → ${upstream.upstreamCalls} calls`);

  console.error(`soak: ${config.BENCH_SOAK_SECONDS} s at 16 clients…`);
  phase("soak");
  const soaked = await soak(cachedFlagged, cached.dashboard.pid, config.BENCH_SOAK_SECONDS);

  const queue = viaDashboard(cached.dashboard, "/api/review/queue");
  const queued = (await (await expectOk(queue)).json()) as QueueResponse;
  // Each acting client claims, then unclaims, an open item of its own, in turn: every action changes
  // the item, writes its audit row and makes every poller's next queue a new one.
  const acted = queued.data.filter((item) => item.state === "open" && !item.assignee).slice(0, LOAD_ACTION_CLIENTS);
  if (acted.length < LOAD_ACTION_CLIENTS) throw new Error(`the review queue has ${acted.length} unclaimed open items; the load run needs ${LOAD_ACTION_CLIENTS}`);
  // The version the client saw first stays valid: every later change to its item is its own.
  const act = ({ id, version }: StoredItem, action: "claim" | "unclaim"): LoadRequest =>
    viaDashboard(cached.dashboard, `/api/review/items/${encodeURIComponent(id)}`, "POST", { action, version });
  const perSecond = (n: number) => (n > 0 ? n : undefined);
  console.error(`load run: ${config.BENCH_LOAD_CLIENTS} clients polling the queue and ${LOAD_ACTION_CLIENTS} claiming and unclaiming, for ${config.BENCH_LOAD_SECONDS} s…`);
  phase("load run");
  const loaded = await loadRun(
    { request: queue, clients: config.BENCH_LOAD_CLIENTS, pace: { perSecond: perSecond(config.BENCH_LOAD_POLLS_PER_SECOND) } },
    acted.map((item) => ({
      request: act(item, "claim"),
      clients: 1,
      pace: { perSecond: perSecond(config.BENCH_LOAD_ACTIONS_PER_SECOND), cycle: [act(item, "claim"), act(item, "unclaim")] },
    })),
    config.BENCH_LOAD_SECONDS,
    cached.sampler,
  );

  // On the uncached instance, whose numbers are all taken by now.
  phase("attacks");
  const attacks = await measureAttacks(uncached.dashboard, { signInBurstSeconds: config.BENCH_SIGN_IN_BURST_SECONDS, floodSeconds: config.BENCH_FLOOD_SECONDS });

  // Last: it adds thousands of flagged messages to the emulator, which would change every number above.
  const browser = config.BENCH_BROWSER
    ? await measureBrowser(cached.dashboard, emulator, {
        chromiumPath: config.CHROMIUM_PATH,
        navigations: config.BENCH_NAVIGATIONS,
        keystrokes: config.BENCH_KEYSTROKES,
        items: config.BENCH_BROWSER_ITEMS,
        phase,
      })
    : null;

  const measured: Omit<BenchResults, "checks"> = {
    startedAt,
    commit: gitCommit(),
    buildId: readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    settings: { ...config },
    rows,
    sharesAt64,
    sharesPinning: sharePinning.note,
    flaggedListBytes: Buffer.byteLength(flaggedBody),
    upstream,
    peakRssBytes: { cached: cached.sampler.peak, uncached: uncached.sampler.peak },
    peakRssPhases: { cached: cached.sampler.phases, uncached: uncached.sampler.phases },
    soak: soaked,
    load: { request: "GET /api/review/queue", actionRequest: "POST /api/review/items/{id} claim / unclaim", ...loaded },
    attacks,
    browser,
  };
  return { ...measured, checks: evaluateTargets(measured) };
}

async function main(): Promise<void> {
  let results: BenchResults;
  try {
    results = await bench(loadBenchConfig());
  } finally {
    await stopEverything();
  }
  publish("", results, renderMarkdown(results));
}

main().catch(exitOnError);

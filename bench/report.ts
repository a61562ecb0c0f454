import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LoadResult } from "./load";
import { CLIENTS, type BenchResults, type BrowserResults, type Check, type Distribution, type Row, type ShareRow } from "./results";
import { isMeasurementError } from "./spread";
import { addedMedianMs, exitOnMisses, mib, pct } from "./targets";

const RESULTS_DIR = path.resolve("bench/results");

const ms = (value: number) => value.toFixed(2);
const rps = (value: number) => Math.round(value).toLocaleString("en-US");
const errors = (result: LoadResult) => result.non2xx + result.socketErrors;

export function table(head: string[], body: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...body.map(line)].join("\n");
}

/** The checks, each marked pass or FAIL. */
export function targetsTable(checks: readonly Check[]): string {
  return table(
    ["Check", "Measured", "Target", "Result"],
    checks.map((c) => [c.name, c.measured, c.target, c.pass ? "pass" : "**FAIL**"]),
  );
}

function viaLabel(row: Row): string {
  if (row.via === "emulator") return "emulator";
  if (row.route === "floor") return "dashboard (floor)";
  if (row.route === "health") return "dashboard";
  if (row.via === "postgres") return "dashboard, PostgreSQL";
  // Writes are never cached: the cached instance stands for the dashboard on PGlite.
  if (row.route === "pin") return "dashboard, PGlite";
  return `dashboard, ${row.via}`;
}

function latencyTable(rows: Row[]): string {
  const head = ["Request", "Via", ...CLIENTS.flatMap((c) => [`${c}c p50 (p10–p90) / p99 ms`, `${c}c req/s`]), "errors"];
  const body = rows.map((row) => [
    `\`${row.request}\``,
    viaLabel(row),
    ...row.cells.flatMap((c) => [`${ms(c.medianMs)} (${ms(c.p10Ms)}–${ms(c.p90Ms)}) / ${ms(c.p99Ms)}`, rps(c.rps)]),
    String(row.cells.reduce((sum, c) => sum + errors(c), 0)),
  ]);
  return table(head, body);
}

function addedLatencyTable(results: BenchResults): string {
  const body = results.rows
    .filter((row) => row.via !== "emulator" && row.route !== "floor" && row.route !== "health")
    .map((row) => {
      const dashboard = row.cells.find((c) => c.clients === 1);
      const emulator = results.rows.find((r) => r.route === row.route && r.via === "emulator")?.cells.find((c) => c.clients === 1);
      return [`\`${row.request}\``, viaLabel(row), ms(emulator?.medianMs ?? 0), ms(dashboard?.medianMs ?? 0), ms(addedMedianMs(results.rows, row.route, row.via))];
    });
  return table(["Request", "Via", "emulator p50 ms", "dashboard p50 ms", "added ms"], body);
}

/** A share above the floor is marked: the floor does nothing, so such a round was measured wrong. */
const sharePct = (share: number) => (isMeasurementError(share) ? `**${pct(share)}** ⚠` : pct(share));

function sharesTable(shares: ShareRow[]): string {
  const rounds = Math.max(0, ...shares.map((row) => row.shares.length));
  const body = shares.map((row) => [
    `\`${row.request}\``,
    `dashboard, ${row.via}`,
    ...row.shares.map((share, i) => `${sharePct(share)} of ${rps(row.floorRps[i] ?? 0)}`),
    sharePct(row.median),
    `${pct(row.spread.min)}–${pct(row.spread.max)}`,
    `${rps(row.floorSpread.median)} (${rps(row.floorSpread.min)}–${rps(row.floorSpread.max)})`,
  ]);
  return table(["Request", "Via", ...Array.from({ length: rounds }, (_, i) => `round ${i + 1}`), "median", "range", "floor req/s, median (range)"], body);
}

const spread = (d: Distribution) => `${d.medianMs.toFixed(1)} / ${d.p95Ms.toFixed(1)}`;

function browserSection(browser: BrowserResults | null): string[] {
  if (!browser) return ["## Browser", "", "Skipped (`--browser 0`).", ""];
  const { keystroke } = browser;
  return [
    `## Browser (headless Chromium ${browser.chromium})`,
    "",
    "Against the cached instance: navigations reuse the chat service's answer within the cache period, static files come from the browser's cache after one warm-up navigation. Each navigation is a full page load: in one open tab (after about:blank), or in a new tab, which also waits for Chromium to start that tab's renderer process. ms, median / p95.",
    "",
    table(
      ["Open items", "Tab", "Navigations", "HTML", "rows in HTML", "server's first byte", "last byte", "first contentful paint", "first rows painted"],
      browser.firstRows.map((run) => [
        run.openItems.toLocaleString("en-US"),
        run.tab === "same" ? "open tab" : "new tab",
        String(run.painted.samples.length),
        `${(run.htmlBytes / 1000).toFixed(0)} kB`,
        run.inServerHtml ? "yes" : "**no**",
        spread(run.responseStart),
        spread(run.responseEnd),
        spread(run.firstContentfulPaint),
        spread(run.painted),
      ]),
    ),
    "",
    `Search box, ${keystroke.openItems.toLocaleString("en-US")} open items: ${keystroke.keystrokes} keystrokes (a rare letter, then Backspace), keydown to the changed list painted: ${spread(keystroke.updated)} ms over ${keystroke.updated.samples.length}${keystroke.unchanged ? `; ${keystroke.unchanged} left the list unchanged and are not timed` : ""}.`,
    "",
  ];
}

/** The whole report as Markdown: what ran, the numbers, and the targets with pass/fail. */
export function renderMarkdown(results: BenchResults): string {
  const { upstream, soak, load } = results;
  const settings = Object.entries(results.settings)
    .map(([key, value]) => `${key}=${value}`)
    .join(" ");
  return [
    `# Benchmark ${results.startedAt}`,
    "",
    `Commit ${results.commit}, build ${results.buildId}, Node ${results.node}, ${results.cpus} CPUs, load average ${results.loadAverage.before.toFixed(2)} before / ${results.loadAverage.after.toFixed(2)} after. All on 127.0.0.1; load from autocannon in the benchmark's process, the emulator and each dashboard in processes of their own.`,
    "",
    `Settings: ${settings}. The flagged list is ${results.flaggedListBytes.toLocaleString("en-US")} bytes of JSON.`,
    "",
    "## Targets",
    "",
    targetsTable(results.checks),
    "",
    "## Latency and throughput",
    "",
    "p50 (p10–p90) / p99 over 2xx responses; req/s counts 2xx only; errors = non-2xx + socket errors over the row.",
    "",
    latencyTable(results.rows),
    "",
    "## Throughput at 64 clients vs the floor",
    "",
    `Each round measures, instance by instance, its \`GET /api/floor\` (a route that does nothing: the floor), then its reads, at 64 clients, each cell after its own warm-up; a share is a read's 2xx req/s over its instance's floor of that round (shown in req/s). While an instance is measured, ${results.sharesPinning}. The targets take the median; the range is the rounds' least and greatest share. A share above 100 % (⚠) is a measurement error, never a pass. \`GET /api/health\` is a read here like the others, without a target.`,
    "",
    sharesTable(results.sharesAt64),
    "",
    "## Added latency (1 client, median)",
    "",
    addedLatencyTable(results),
    "",
    "## Upstream calls (cached instance)",
    "",
    `${upstream.reads.toLocaleString("en-US")} dashboard reads of the flagged list at 16 clients over ${upstream.seconds.toFixed(1)} s caused ${upstream.upstreamCalls} ${upstream.upstreamCalls === 1 ? "call" : "calls"} to the emulator (cache TTL ${upstream.cacheTtlMs} ms; at most about ${Math.ceil((upstream.seconds * 1000) / upstream.cacheTtlMs) + 1} expected).`,
    "",
    "## Memory",
    "",
    table(
      ["What", "RSS"],
      [
        ["peak, cached instance (whole run)", mib(results.peakRssBytes.cached)],
        ["peak, uncached instance (whole run)", mib(results.peakRssBytes.uncached)],
        [`soak start (${soak.result.clients} clients, flagged, cached, ${soak.result.seconds.toFixed(0)} s)`, mib(soak.rssBytes.start)],
        ["soak middle", mib(soak.rssBytes.middle)],
        ["soak end", mib(soak.rssBytes.end)],
      ],
    ),
    "",
    "Each instance's peak by phase of the run, in order:",
    "",
    table(
      ["Phase", "cached", "uncached"],
      results.peakRssPhases.cached.map((phase, i) => [phase.label, mib(phase.peakBytes), mib(results.peakRssPhases.uncached[i]?.peakBytes ?? 0)]),
    ),
    "",
    "## Load run",
    "",
    table(
      ["Request", "Clients", "Seconds", "Responses", "non-2xx", "socket errors", "p50 ms", "p99 ms", "req/s", "peak RSS"],
      (
        [
          [load.request, load.result],
          [load.actionRequest, load.actions],
        ] as const
      ).map(([request, result]) => [
        `\`${request}\``,
        String(result.clients),
        result.seconds.toFixed(1),
        result.responses.toLocaleString("en-US"),
        String(result.non2xx),
        String(result.socketErrors),
        ms(result.medianMs),
        ms(result.p99Ms),
        rps(result.rps),
        mib(load.peakRssBytes),
      ]),
    ),
    "",
    ...browserSection(results.browser),
  ].join("\n");
}

/**
 * Writes <prefix><timestamp>.json and .md and <prefix>latest.md under bench/results; returns the
 * files written. `prefix` keeps each scenario's files apart ("" for npm run bench, "scale-").
 */
export function writeResultFiles(prefix: string, startedAt: string, results: unknown, markdown: string): string[] {
  mkdirSync(RESULTS_DIR, { recursive: true });
  // An ISO timestamp without colons, which some file systems refuse.
  const stamp = startedAt.replace(/\.\d+Z$/, "Z").replaceAll(":", "-");
  const json = path.join(RESULTS_DIR, `${prefix}${stamp}.json`);
  const md = path.join(RESULTS_DIR, `${prefix}${stamp}.md`);
  const latest = path.join(RESULTS_DIR, `${prefix}latest.md`);
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(md, markdown);
  writeFileSync(latest, markdown);
  return [json, md, latest];
}

/**
 * The end of a benchmark: its files written, its Markdown on standard output, the missed targets
 * on standard error and the exit code 1 when there are any.
 */
export function publish(prefix: string, results: { startedAt: string; checks: Check[] }, markdown: string): void {
  const files = writeResultFiles(prefix, results.startedAt, results, markdown);
  console.log(markdown);
  console.error(`Written: ${files.map((file) => path.relative(process.cwd(), file)).join(", ")}`);
  exitOnMisses(results.checks);
}

/** An error's message with its cause: fetch's own message is only "fetch failed". */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ""}` : String(error);
}

/** A benchmark that failed to run: its error, with the cause, and exit code 1. */
export function exitOnError(error: unknown): never {
  console.error(describeError(error));
  process.exit(1);
}

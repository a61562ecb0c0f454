import { parseArgs } from "node:util";
import { z } from "zod";

const seconds = (fallback: number) => z.coerce.number().positive().max(3600).default(fallback);
const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
/** A switch; unset or empty means `fallback`. */
const flag = (fallback: "0" | "1") =>
  z
    .enum(["", "0", "1", "false", "true"], { error: "expected 1 or 0" })
    .default("")
    .transform((value) => ["1", "true"].includes(value || fallback));

/**
 * Every setting of `npm run bench`. The one place the benchmark reads its environment, as
 * lib/env is for the dashboard: a wrong value stops the run naming the variable.
 */
const benchConfigSchema = z.object({
  /** Each latency cell (route × via × clients). */
  BENCH_SECONDS: seconds(5),
  /**
   * Rounds of the 64-client throughput comparison: in each, the floor and then every dashboard read,
   * each for BENCH_SECONDS; the targets take the median of the rounds' shares.
   */
  BENCH_SHARE_ROUNDS: z.coerce.number().int().min(1).max(20).default(3),
  /** Before the cells of each row: first connections, JIT and caches warm. */
  BENCH_WARMUP_SECONDS: z.coerce.number().min(0).max(60).default(1),
  BENCH_SOAK_SECONDS: seconds(60),
  BENCH_LOAD_SECONDS: seconds(60),
  BENCH_LOAD_CLIENTS: z.coerce.number().int().min(1).max(5000).default(200),
  /**
   * Polls a second from each polling client of the load run: the queue page polls every 15 s, so
   * 1 is fifteen times what a moderator's browser asks. 0 sends each poll as soon as the last one
   * answered (the route's capacity, which the latency rows measure at 64 clients).
   */
  BENCH_LOAD_POLLS_PER_SECOND: z.coerce.number().min(0).max(1000).default(1),
  /** Actions a second from each acting client (claim, then unclaim, in turn); 0 as fast as answered. */
  BENCH_LOAD_ACTIONS_PER_SECOND: z.coerce.number().min(0).max(1000).default(2),
  /** Dashboard reads of the flagged list counted against the emulator's upstream calls. */
  BENCH_UPSTREAM_READS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** The cached instance listens here, the uncached one on the next port. */
  BENCH_PORT: port(3500),
  BENCH_EMULATOR_PORT: port(4510),
  /** Build even when the dist dir holds a complete build (the sources changed since). */
  BENCH_REBUILD: flag("0"),
  /** The browser section (first rows painted, keystrokes in the search box); `--browser 0` skips it. */
  BENCH_BROWSER: flag("1"),
  /** Timed navigations per first-rows measurement (after one warm-up). */
  BENCH_NAVIGATIONS: z.coerce.number().int().min(1).max(100).default(10),
  BENCH_KEYSTROKES: z.coerce.number().int().min(2).max(200).default(20),
  /** Open items for the keystroke test; the queue page holds at most 5,000 (QUEUE_LIMITS.open). */
  BENCH_BROWSER_ITEMS: z.coerce.number().int().min(1).max(5000).default(5000),
  /** `--chromium-path`; Playwright's own browser download is never used. */
  CHROMIUM_PATH: z.string().trim().min(1).default("/usr/bin/chromium"),
  NEXT_DIST_DIR: z.string().trim().min(1).default(".next-bench"),
});

export type BenchConfig = z.output<typeof benchConfigSchema>;

/** `BENCH_SOAK_SECONDS` ↔ `--soak-seconds`, `NEXT_DIST_DIR` ↔ `--next-dist-dir`. */
const flagName = (key: string) => key.replace(/^BENCH_/, "").toLowerCase().replaceAll("_", "-");

/** Reads the BENCH_* variables, then the same settings given as flags (`npm run bench -- --seconds 2`), which win. */
export function loadBenchConfig(argv: string[] = process.argv.slice(2)): BenchConfig {
  const keys = Object.keys(benchConfigSchema.shape);
  const { values } = parseArgs({ args: argv, options: Object.fromEntries(keys.map((key) => [flagName(key), { type: "string" as const }])) });
  const source: Record<string, string | undefined> = Object.fromEntries(keys.map((key) => [key, values[flagName(key)] ?? process.env[key]]));
  const parsed = benchConfigSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0])} (--${flagName(String(issue.path[0]))}): ${issue.message}`);
    throw new Error(`Invalid benchmark settings:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}

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
  /**
   * Load before each row's cells and before each 64-client share cell: first connections, JIT and
   * caches warm, so a fresh (or idle) instance's first cell does not decide a target.
   */
  BENCH_WARMUP_SECONDS: z.coerce.number().min(0).max(60).default(3),
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
  /** Issue 19's attack cells: the wrong-password burst, and the unread-streams flood (bench/attack-cells.ts). */
  BENCH_SIGN_IN_BURST_SECONDS: seconds(5),
  BENCH_FLOOD_SECONDS: seconds(60),
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
  // `npm run bench:scale` (bench/scale.ts): its instances listen on BENCH_PORT, +1 and +2, its round-robin on BENCH_PORT + 3.
  /** Flagged messages the emulator is seeded with. */
  BENCH_SCALE_ITEMS: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
  /** How long the simulated moderators work (the main phase). */
  BENCH_SCALE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  BENCH_SCALE_MODERATORS: z.coerce.number().int().min(1).max(500).default(50),
  /** How long one moderator works alone first: the chat-service list calls per minute to compare with. */
  BENCH_SCALE_SOLO_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** How long to wait for the first full import before reporting it not reached (its target is 2 minutes). */
  BENCH_SCALE_IMPORT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(150_000),
  /**
   * The emulator's page size (`flaggedLimit`), with its paging on: the sync walks 100 pages of 1,000
   * for the first import, then reads two pages per sync (lib/review/server/flagged-pages.ts).
   */
  BENCH_SCALE_FLAGGED_LIMIT: z.coerce.number().int().min(1).max(10_000).default(1_000),
  /** Part of the seeded flags sent in groups. */
  BENCH_SCALE_GROUP_SHARE: z.coerce.number().min(0).max(1).default(0.3),
  /**
   * The PostgreSQL server (trust auth) where each run creates, and afterwards drops, a database of
   * its own: the scale scenario's, and `npm run bench`'s pin on PostgreSQL.
   */
  BENCH_POSTGRES_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "expected a postgres:// URL")
    .default("postgres://postgres@127.0.0.1:5432/postgres"),
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

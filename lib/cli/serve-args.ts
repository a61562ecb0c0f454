/**
 * `node` arguments that run the dashboard's production server (serve.ts) in one process, as npm
 * start, the benchmark and the browser tests' extra instances do; tsx's loader, not its CLI, which
 * would run the server in a child process (the benchmark measures the server's own memory).
 *
 * `--heap-growing-percent=20`: V8 lets the old generation grow to up to 4 times what survived the
 * last full collection before collecting again. Under a steady stream of requests, short-lived
 * request objects that outlive two scavenges are promoted and pile up as garbage: 183 MiB in the
 * 60 s stream flood (docs/security.md), none of it live in a heap snapshot. Collecting at 1.2
 * times the live size held the same flood to 24 MiB, with /api/health's p99 unchanged.
 */
export const SERVE_ARGS = ["--heap-growing-percent=20", "--import", "tsx", "lib/cli/serve.ts"];

/**
 * `npm run dev`: the same server in development mode, without the heap setting, which would make
 * V8 collect all the time while Next compiles.
 */
export const DEV_SERVE_ARGS = ["--import", "tsx", "lib/cli/serve.ts", "--dev"];

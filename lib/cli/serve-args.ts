import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const serveSource = fileURLToPath(new URL("./serve.ts", import.meta.url));

/** How the production server is started: `node` arguments and the variables added to its environment. */
export type ServeCommand = { args: string[]; env: Record<string, string> };

/**
 * How to run the dashboard's production server (serve.ts) in one process, as npm start, the
 * benchmark and the browser tests' extra instances do, from the build in `distDir`.
 *
 * serve.ts is compiled into one JavaScript file in the build's folder at each launch (esbuild, a few
 * milliseconds; the packages stay outside it), not loaded through tsx: tsx's loader runs in a
 * thread of its own with its own heap, and an idle instance held 357–360 MiB with it against
 * 317–325 MiB without. The file is written under another name and renamed, so instances launched
 * at once never read a half-written one.
 *
 * `--heap-growing-percent=20`: V8 lets the old generation grow to up to 4 times what survived the
 * last full collection before collecting again. Under a steady stream of requests, short-lived
 * request objects that outlive two scavenges are promoted and pile up as garbage: 183 MiB in the
 * 60 s stream flood (docs/security.md), none of it live in a heap snapshot. Collecting at 1.2
 * times the live size held the same flood to 24 MiB, with /api/health's p99 unchanged.
 *
 * `MALLOC_ARENA_MAX=2` (unless `env` sets it): glibc gives each thread that allocates at once an
 * arena of its own, up to 8 per core, and keeps what they freed. Importing lists of 3,500 messages
 * and serving the queue's page after it peaked at 391–406 MiB with the default, 378–384 MiB with two
 * arenas (four alternating runs each; the V8 heap the same), and reads at 16 clients answered as
 * many requests a second (docs/performance.md).
 */
export function serveCommand(distDir = process.env.NEXT_DIST_DIR || ".next", env: Readonly<Record<string, string | undefined>> = process.env): ServeCommand {
  const entry = path.resolve(distDir, "dashboard-server.mjs");
  const { outputFiles } = buildSync({ entryPoints: [serveSource], bundle: true, platform: "node", format: "esm", packages: "external", write: false, logLevel: "error" });
  const [compiled] = outputFiles;
  if (!compiled) throw new Error("esbuild compiled lib/cli/serve.ts to nothing");
  const written = `${entry}.${process.pid}.tmp`;
  writeFileSync(written, compiled.contents);
  renameSync(written, entry);
  return { args: ["--heap-growing-percent=20", entry], env: { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || "2" } };
}

/**
 * `npm run dev`: the same server in development mode through tsx (the code changes as it runs),
 * without the heap setting, which would make V8 collect all the time while Next compiles, and the
 * arena limit.
 */
export const DEV_SERVE_COMMAND: ServeCommand = { args: ["--import", "tsx", "lib/cli/serve.ts", "--dev"], env: {} };

import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const serveSource = fileURLToPath(new URL("./serve.ts", import.meta.url));

/**
 * `node` arguments that run the dashboard's production server (serve.ts) in one process, as npm
 * start, the benchmark and the browser tests' extra instances do, from the build in `distDir`.
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
 */
export function serveArgs(distDir = process.env.NEXT_DIST_DIR || ".next"): string[] {
  const entry = path.resolve(distDir, "dashboard-server.mjs");
  const { outputFiles } = buildSync({ entryPoints: [serveSource], bundle: true, platform: "node", format: "esm", packages: "external", write: false, logLevel: "error" });
  const [compiled] = outputFiles;
  if (!compiled) throw new Error("esbuild compiled lib/cli/serve.ts to nothing");
  const written = `${entry}.${process.pid}.tmp`;
  writeFileSync(written, compiled.contents);
  renameSync(written, entry);
  return ["--heap-growing-percent=20", entry];
}

/**
 * `npm run dev`: the same server in development mode through tsx (the code changes as it runs),
 * without the heap setting, which would make V8 collect all the time while Next compiles.
 */
export const DEV_SERVE_ARGS = ["--import", "tsx", "lib/cli/serve.ts", "--dev"];

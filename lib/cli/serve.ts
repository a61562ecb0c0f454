/**
 * The dashboard's server (`npm start`, and `npm run dev` with --dev): Next's request handler behind
 * a plain Node HTTP server that sets the client's address header (lib/net/dashboard-server.ts).
 * `next start` alone would keep whatever X-Forwarded-For a client sends, and `next dev` sets no
 * address at all, so every client would share one bucket of the sign-in limits, which key on the
 * client's address. Usage: serve.ts --port <port> [--hostname <host>] [--dev].
 */
import { parseArgs } from "node:util";
import next from "next";
import { loadDashboardConfig } from "@/lib/env/dashboard";
import { createDashboardServer } from "@/lib/net/dashboard-server";

// tsx (`npm run dev`, or a server started through it) turns source maps on, and Node then keeps
// the parsed map of every chunk Next loads (its server chunks ship 50 MB of them): 47 MB of
// resident memory. Traces point into the built chunks instead, unless the server is started with
// --enable-source-maps (e.g. in NODE_OPTIONS).
const mapsAsked = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].includes("--enable-source-maps");
if (!mapsAsked) process.setSourceMapsEnabled(false);
const { values } = parseArgs({ options: { port: { type: "string" }, hostname: { type: "string" }, dev: { type: "boolean" } } });
const config = loadDashboardConfig();
const port = Number(values.port ?? config.PORT);
// In development Next compiles on demand and reloads through this server's upgrade requests.
const app = next({ dev: values.dev ?? false, dir: process.cwd(), port, hostname: values.hostname });

await app.prepare();
if (!values.dev) await loadEveryRoute(app);
const server = createDashboardServer(app.getRequestHandler(), config.TRUST_PROXY);
server.listen(port, values.hostname, () => console.log(`Ready on port ${port}`));

/**
 * Loads every page's and route's code before the port opens, so the first request to each does not
 * wait for it and health answers only once the server can answer everything (a load balancer, the
 * test suite). Next's own preload at start-up does not wait and offers no public way to, so it is
 * off (`preloadEntriesOnStart` in next.config.mjs) and its internal method is called here. A Next
 * without that method starts at once and loads each route on its first request
 * (e2e/demo-accounts.spec.ts notices).
 */
async function loadEveryRoute(nextApp: typeof app) {
  const started = performance.now();
  const inner = (nextApp as unknown as { server?: { server?: { unstable_preloadEntries?: () => Promise<void> } } }).server?.server;
  if (typeof inner?.unstable_preloadEntries !== "function") return console.warn("Next offers no unstable_preloadEntries: routes load on their first request");
  await inner.unstable_preloadEntries();
  console.log(`Routes loaded in ${Math.round(performance.now() - started)} ms`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Open streams (the live queue) would hold close() forever.
    server.closeAllConnections();
  });
}

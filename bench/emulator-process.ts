import path from "node:path";
import { startServerProcess, type ServerProcess } from "@/lib/testing/server-process";

export type EmulatorProcess = ServerProcess & { url: string; baseUrl: string; control(route: string, body?: unknown): Promise<unknown> };

/**
 * The chat-service emulator (`startEmulator`, through `npm run emulator`'s entry point) in a
 * process of its own: in the benchmark's process it would share one event loop with the load
 * generator, and both sets of numbers would suffer.
 */
export async function startEmulatorProcess(port: number): Promise<EmulatorProcess> {
  const url = `http://127.0.0.1:${port}`;
  const server = await startServerProcess(
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "lib/emulator/main.ts"],
    { ...process.env, EMULATOR_HOST: "127.0.0.1", EMULATOR_PORT: String(port), EMULATOR_PINNING: "on", EMULATOR_FLAG_INTERVAL_MS: "0" },
    `${url}/__emulator/stats`,
  );
  return {
    ...server,
    url,
    baseUrl: `${url}/v3`,
    /** A control route: `control("stats")` reads, `control("stats/reset", {})` posts. */
    async control(route, body) {
      const response = await fetch(`${url}/__emulator/${route}`, {
        method: body === undefined ? "GET" : "POST",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`emulator ${route}: ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}

import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "@/lib/testing/server-process";

/**
 * Issue 19, High 1, in development mode: `npm run dev` ran `next dev`, which sets no client address,
 * and the auth library then counts every client as 127.0.0.1: one bucket per path for everyone, so
 * one client's wrong passwords locked every other client out of signing in (and anyone on the
 * network can reach a dev server, which listens on every interface). `npm run dev` now runs the
 * dashboard's own server in development mode, like `npm start`. Started here as `npm run dev` does,
 * with ports of its own; callers connect from two loopback addresses.
 */
const LIMIT = 2;
let server: ServerProcess;
let url: string;
let dataDir: string;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let guesses = 0;
async function wrongPassword(caller: string): Promise<number> {
  const dispatcher = new Agent({ localAddress: caller });
  try {
    const response = await undiciFetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: url, "content-type": "application/json" },
      body: JSON.stringify({ email: `guess-${++guesses}@test.example`, password: "wrong-password-0" }),
      dispatcher,
    });
    await response.arrayBuffer();
    return response.status;
  } finally {
    await dispatcher.close();
  }
}

describe("npm run dev", () => {
  beforeAll(async () => {
    const [port, emulatorPort] = [await freePort(), await freePort()];
    url = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), "dashboard-dev-"));
    server = await startServerProcess(
      // What `npm run dev` runs, with tsx as a loader: one process to stop, which stops the server it started.
      ["--conditions=react-server", "--import", "tsx", "lib/cli/start.ts", "--dev"],
      {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        APP_URL: url,
        EMULATOR_PORT: String(emulatorPort),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        CHAT_API_KEY: "",
        LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
        SIGN_IN_RATE_LIMIT: String(LIMIT),
        SIGN_IN_RATE_WINDOW_SECONDS: "60",
        SIGN_IN_ACCOUNT_FREE_FAILURES: "1000",
      },
      `${url}/api/health`,
      // Development mode compiles the instrumentation, the proxy and the route on the first request.
      { readyTimeoutMs: 240_000 },
    );
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps one client's failed sign-ins out of another client's bucket", { timeout: 180_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push(await wrongPassword("127.0.0.1"));
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
    expect(await wrongPassword("127.0.0.2")).toBe(401);
  });
});

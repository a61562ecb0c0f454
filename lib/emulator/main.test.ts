import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { resolveEmulatorConfig } from "@/lib/env/emulator";
import { EMULATOR_API_KEYS } from "./keys";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("emulator configuration (lib/env/emulator.ts)", () => {
  it("defaults to 127.0.0.1:4010, pinning on, no auto-flagging", () => {
    expect(resolveEmulatorConfig({})).toEqual({
      port: 4010,
      host: "127.0.0.1",
      pinningEnabled: true,
      autoFlagIntervalMs: 0,
      pinLimit: 100,
      rateLimitPerMinute: 1_000_000,
    });
    expect(resolveEmulatorConfig({ EMULATOR_PORT: "", EMULATOR_PINNING: "" }).port).toBe(4010);
  });

  it("reads every variable", () => {
    expect(
      resolveEmulatorConfig({
        EMULATOR_PORT: "4999",
        EMULATOR_HOST: "0.0.0.0",
        EMULATOR_PINNING: "off",
        EMULATOR_FLAG_INTERVAL_MS: "45000",
        EMULATOR_PIN_LIMIT: "5",
        EMULATOR_RATE_LIMIT: "600",
      }),
    ).toEqual({ port: 4999, host: "0.0.0.0", pinningEnabled: false, autoFlagIntervalMs: 45_000, pinLimit: 5, rateLimitPerMinute: 600 });
  });

  const wrong: [Record<string, string>, RegExp][] = [
    [{ EMULATOR_PORT: "soon" }, /EMULATOR_PORT: expected a port number from 1 to 65535/],
    [{ EMULATOR_PORT: "70000" }, /EMULATOR_PORT: expected a port number/],
    [{ EMULATOR_HOST: "local host" }, /EMULATOR_HOST: expected a host name or IP address/],
    [{ EMULATOR_PINNING: "yes" }, /EMULATOR_PINNING: expected on or off/],
    [{ EMULATOR_FLAG_INTERVAL_MS: "-5" }, /EMULATOR_FLAG_INTERVAL_MS: expected a whole number of milliseconds/],
  ];
  for (const [source, message] of wrong) {
    it(`stops on a bad ${Object.keys(source).join(", ")} naming the variable and what is expected`, () => {
      expect(() => resolveEmulatorConfig(source)).toThrow(message);
    });
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs `npm run emulator`'s entry point; resolves with its output once it exits. */
function runMain(env: Record<string, string>, onOutput: (text: string, child: ReturnType<typeof spawn>) => void = () => {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/emulator/main.ts"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput(output, child);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

describe("npm run emulator (main.ts)", () => {
  it("prints one line with its address, serves /v3, never prints a key, and exits cleanly on SIGTERM", async () => {
    const port = await freePort();
    let served: number | undefined;
    const result = await runMain({ EMULATOR_PORT: String(port), EMULATOR_PINNING: "off" }, (output, child) => {
      if (!output.includes("listening") || served !== undefined) return;
      served = 0;
      void fetch(`http://127.0.0.1:${port}/v3/messages/10001/pin`, { method: "POST", headers: { apikey: EMULATOR_API_KEYS[0]?.apiKey ?? "" } }).then((response) => {
        served = response.status;
        child.kill("SIGTERM");
      });
    });
    expect(result.output).toBe(`Chat-service emulator listening on http://127.0.0.1:${port}/v3\n`);
    expect(served).toBe(403);
    expect(result.code).toBe(0);
    for (const key of EMULATOR_API_KEYS) expect(result.output).not.toContain(key.apiKey);
  });

  it("exits 1 naming a bad variable", async () => {
    const result = await runMain({ EMULATOR_PINNING: "maybe" });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/EMULATOR_PINNING: expected on or off/);
  });
});

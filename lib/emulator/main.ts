/**
 * `npm run emulator`: the chat-service emulator on its own, configured by EMULATOR_* variables
 * (lib/env/emulator.ts). Never prints API keys.
 */
import { loadEmulatorConfig, type EmulatorConfig } from "@/lib/env/emulator";
import { startEmulator } from "./server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: EmulatorConfig;
  try {
    config = loadEmulatorConfig();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const emulator = await startEmulator(config).catch((error: unknown) =>
    fail(
      `The chat-service emulator could not start on ${config.host}:${config.port} (${error instanceof Error ? error.message : String(error)}). Set EMULATOR_PORT to a free port.`,
    ),
  );
  console.log(`Chat-service emulator listening on ${emulator.baseUrl}`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void emulator.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();

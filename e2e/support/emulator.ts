import { controlEmulator } from "../../lib/testing/emulator-control";
import { E2E } from "./e2e-config";

/** Test-only control routes of the emulator (never reachable through the dashboard). */
export async function resetEmulator(emulatorUrl = E2E.emulatorUrl): Promise<void> {
  await controlEmulator(emulatorUrl, "reset");
}

export function emulatorControl(path: string, body?: unknown, method = "POST", emulatorUrl = E2E.emulatorUrl): Promise<unknown> {
  return controlEmulator(emulatorUrl, path, body, method);
}

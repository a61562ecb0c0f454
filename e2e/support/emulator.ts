import { E2E } from "./e2e-config";

/** Test-only control routes of the emulator (never reachable through the dashboard). */
export async function resetEmulator(emulatorUrl = E2E.emulatorUrl): Promise<void> {
  const response = await fetch(`${emulatorUrl}/__emulator/reset`, { method: "POST" });
  if (!response.ok) throw new Error(`emulator reset failed: ${response.status}`);
}

export async function emulatorControl(path: string, body?: unknown, method = "POST", emulatorUrl = E2E.emulatorUrl): Promise<unknown> {
  const response = await fetch(`${emulatorUrl}/__emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`emulator ${method} ${path} failed: ${response.status}`);
  return response.json();
}

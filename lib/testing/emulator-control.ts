/**
 * One of the emulator's control routes (seed, settings, faults, stats, planted content, reset) on
 * the emulator at `emulatorUrl` (its origin, e.g. http://127.0.0.1:4010). Throws unless it answers
 * 200, so a set-up the emulator refused never passes for one it made. The unit harness, the
 * emulator's own tests and the browser tests all reach the control routes through it.
 */
export async function controlEmulator<T = unknown>(emulatorUrl: string, path: string, body?: unknown, method = "POST"): Promise<T> {
  const response = await fetch(`${emulatorUrl}/__emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`emulator control ${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A control route of a unit test harness's emulator (lib/testing/harness.ts). */
export const emulatorControl = <T = { data: { id: string } }>(h: { emulator: { url: string } }, path: string, body?: unknown, method = "POST"): Promise<T> =>
  controlEmulator<T>(h.emulator.url, path, body, method);

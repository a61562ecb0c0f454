import { expect } from "vitest";

/**
 * One of the emulator's control routes (seed, settings, faults, planted content, reset) for a test
 * running it (a harness's `emulator`); expects it to answer 200, so a set-up the emulator refused
 * never passes for one it made.
 */
export async function emulatorControl<T = { data: { id: string } }>(h: { emulator: { url: string } }, path: string, body?: unknown, method = "POST"): Promise<T> {
  const response = await fetch(`${h.emulator.url}/__emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

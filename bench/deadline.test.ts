import { afterEach, describe, expect, it, vi } from "vitest";
import { pollUntil } from "./deadline";

afterEach(() => {
  vi.useRealTimers();
});

describe("pollUntil", () => {
  it("reads until a reading gives a value, pausing between readings", async () => {
    vi.useFakeTimers();
    const readings = [{}, { said: "not yet" }, { value: 42 }];
    const read = vi.fn(async () => readings.shift() ?? {});
    const polled = pollUntil(read, "the answer did not come", 10_000, 250);
    await vi.advanceTimersByTimeAsync(500);
    await expect(polled).resolves.toBe(42);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("fails after the timeout with what it waited for and what the last reading said", async () => {
    vi.useFakeTimers();
    const polled = pollUntil(async () => ({ said: "still pending" }), "the sync did not succeed", 1_000, 250);
    const failed = expect(polled).rejects.toThrow("the sync did not succeed within 1 s: still pending");
    await vi.advanceTimersByTimeAsync(1_500);
    await failed;
  });
});

import { describe, expect, it } from "vitest";
import { backgroundDelayMs, readRateLimit, retryAfterSeconds } from "./rate-limit";

const NOW = 1_760_000_010_000;

describe("readRateLimit", () => {
  it("reads X-Rate-Limit, X-Rate-Limit-Remaining and X-Rate-Limit-Reset, and nothing from an answer without them", () => {
    expect(readRateLimit({ "x-rate-limit": "20000", "x-rate-limit-remaining": "19990" }, NOW)).toEqual({ limit: 20_000, remaining: 19_990, resetAt: null, observedAt: NOW });
    expect(readRateLimit({ "x-rate-limit-remaining": "0", "x-rate-limit-reset": "1760000040" }, NOW)).toMatchObject({ limit: null, remaining: 0, resetAt: 1_760_000_040 });
    expect(readRateLimit({}, NOW)).toBeUndefined();
    expect(readRateLimit({ "x-rate-limit": "lots", "x-rate-limit-remaining": "-1" }, NOW)).toBeUndefined();
  });
});

describe("retryAfterSeconds", () => {
  it("takes Retry-After in seconds or as a date, else the reset time", () => {
    expect(retryAfterSeconds({ "retry-after": "7" }, NOW)).toBe(7);
    expect(retryAfterSeconds({ "retry-after": new Date(NOW + 12_000).toUTCString() }, NOW)).toBe(12);
    expect(retryAfterSeconds({ "x-rate-limit-reset": String(NOW / 1000 + 30) }, NOW)).toBe(30);
    expect(retryAfterSeconds({}, NOW)).toBeUndefined();
  });
});

describe("backgroundDelayMs", () => {
  it("lets background work run while more than a tenth of the budget is left", () => {
    expect(backgroundDelayMs(undefined, NOW)).toBe(0);
    expect(backgroundDelayMs({ limit: 100, remaining: 10, resetAt: null, observedAt: NOW }, NOW)).toBe(0);
  });

  it("waits until the reset below a tenth, or a minute after the reading when the reset is not given", () => {
    expect(backgroundDelayMs({ limit: 100, remaining: 9, resetAt: NOW / 1000 + 30, observedAt: NOW }, NOW)).toBe(30_000);
    expect(backgroundDelayMs({ limit: 100, remaining: 9, resetAt: null, observedAt: NOW }, NOW + 20_000)).toBe(40_000);
    expect(backgroundDelayMs({ limit: null, remaining: 0, resetAt: null, observedAt: NOW }, NOW)).toBe(60_000);
    expect(backgroundDelayMs({ limit: 100, remaining: 9, resetAt: NOW / 1000 + 30, observedAt: NOW }, NOW + 31_000)).toBe(0);
  });
});

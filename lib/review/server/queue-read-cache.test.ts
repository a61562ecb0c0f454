import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "@/lib/testing/harness";

let h: Harness;
// Imported after the harness starts (it resets the module registry).
let cache: typeof import("./queue-read-cache");
let changes: typeof import("@/lib/review/live/queue-changes");

/** A read that counts how often it ran and answers with that count. */
function counted() {
  let reads = 0;
  return { read: async () => ++reads, reads: () => reads };
}

describe("the stored queue's read cache", () => {
  beforeAll(async () => {
    h = await startHarness();
    cache = await import("./queue-read-cache");
    changes = await import("@/lib/review/live/queue-changes");
  });
  afterAll(async () => h.close());

  it("serves an answer until the queue changes, then reads again", async () => {
    const { read, reads } = counted();
    const now = 1_000_000;
    expect(await cache.readThroughQueueCache(h.db, "exact", read, now)).toBe(1);
    expect(await cache.readThroughQueueCache(h.db, "exact", read, now + 60_000)).toBe(1);
    changes.markQueueChanged(h.db);
    expect(await cache.readThroughQueueCache(h.db, "exact", read, now + 60_001)).toBe(2);
    expect(reads()).toBe(2);
  });

  it("serves a lasting answer across changes for a time in proportion to what reading it cost", async () => {
    // The read takes 100 ms on this clock; with a share of 5 % its answer serves for 2 s.
    let clockMs = 0;
    let reads = 0;
    const slowRead = async () => {
      reads += 1;
      clockMs += 100;
      return reads;
    };
    const lasting = { share: 0.05, maxMs: 15_000, clock: () => clockMs };
    const now = 2_000_000;
    const read = (at: number) => cache.readThroughQueueCache(h.db, "lasting", slowRead, at, { lasting });
    expect(await read(now)).toBe(1);
    changes.markQueueChanged(h.db);
    changes.markQueueChanged(h.db);
    expect(await read(now + 1_999)).toBe(1);
    expect(await read(now + 2_000)).toBe(2);
    expect(reads).toBe(2);
  });

  it("asks for a lasting answer no later than its maximum, however slow it was", async () => {
    let clockMs = 0;
    let reads = 0;
    const verySlowRead = async () => {
      clockMs += 60_000;
      return ++reads;
    };
    const lasting = { share: 0.05, maxMs: 15_000, clock: () => clockMs };
    const now = 3_000_000;
    expect(await cache.readThroughQueueCache(h.db, "capped", verySlowRead, now, { lasting })).toBe(1);
    expect(await cache.readThroughQueueCache(h.db, "capped", verySlowRead, now + 14_999, { lasting })).toBe(1);
    expect(await cache.readThroughQueueCache(h.db, "capped", verySlowRead, now + 15_000, { lasting })).toBe(2);
  });

  it("shares one lasting read between the callers that ask while it is under way", async () => {
    let release = () => {};
    let reads = 0;
    const held = () => {
      reads += 1;
      return new Promise<number>((resolve) => (release = () => resolve(reads)));
    };
    const lasting = { share: 0.05, maxMs: 15_000, clock: () => 0 };
    const first = cache.readThroughQueueCache(h.db, "shared", held, 4_000_000, { lasting });
    const second = cache.readThroughQueueCache(h.db, "shared", held, 4_000_500, { lasting });
    release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(reads).toBe(1);
  });

  it("serves the answer it replaces to the others while the caller who found it out of date waits for the new one", async () => {
    let release = () => {};
    let reads = 0;
    const held = () => {
      reads += 1;
      if (reads === 1) return Promise.resolve(1);
      return new Promise<number>((resolve) => (release = () => resolve(reads)));
    };
    const lasting = { share: 0.05, maxMs: 15_000, clock: () => 0 };
    const now = 6_000_000;
    expect(await cache.readThroughQueueCache(h.db, "replaced", held, now, { lasting })).toBe(1);
    // A read that took no time serves for no time: the next caller reads again and waits for it.
    const waiting = cache.readThroughQueueCache(h.db, "replaced", held, now + 1, { lasting });
    expect(await cache.readThroughQueueCache(h.db, "replaced", held, now + 2, { lasting })).toBe(1);
    release();
    expect(await waiting).toBe(2);
    expect(reads).toBe(2);
  });

  it.each([
    ["exact", {}],
    ["lasting", { lasting: { share: 0.05, maxMs: 15_000, clock: () => 0 } }],
  ])("keeps no failed %s read: the next caller reads again", async (kind, options) => {
    let reads = 0;
    const failOnce = async () => {
      reads += 1;
      if (reads === 1) throw new Error("the database went away");
      return reads;
    };
    const now = 5_000_000;
    await expect(cache.readThroughQueueCache(h.db, `failing-${kind}`, failOnce, now, options)).rejects.toThrow("the database went away");
    expect(await cache.readThroughQueueCache(h.db, `failing-${kind}`, failOnce, now + 1, options)).toBe(2);
  });
});

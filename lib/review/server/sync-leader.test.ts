import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DELIVERY_WAIT } from "@/lib/testing/delivery-wait";
import { createScratchDatabase, databaseTargets } from "@/lib/testing/test-databases";
import { createSyncLoop, type SyncLoop, type Timers } from "./sync-loop";
import { advisoryLockLeadership, soleLeadership, SYNC_LOCK_KEY } from "./sync-leader";

const postgres = databaseTargets().find((target) => target.url);

/** The loop's timer and clock, fired and moved by the test: no real waiting for an interval or a retry. */
function manualTimers() {
  let next: (() => void) | undefined;
  let delay = -1;
  let clock = 0;
  const timers: Timers = {
    now: () => clock,
    setTimeout: (run, ms) => {
      next = run;
      delay = ms;
      return run;
    },
    clearTimeout: () => (next = undefined),
  };
  return {
    timers,
    /** Waits for the turn under way to end and schedule the next, then says after how long that one was due. */
    async nextDelay(): Promise<number> {
      await vi.waitFor(() => expect(next).toBeDefined(), DELIVERY_WAIT);
      return delay;
    },
    advance(ms: number) {
      clock += ms;
    },
    fire() {
      const run = next;
      next = undefined;
      run?.();
    },
  };
}

describe("the sync's cadence", () => {
  it("starts the leader's turns an interval apart from each start, so a slow sync neither stretches it nor overlaps", async () => {
    const timers = manualTimers();
    const syncTakes = [1_000, 4_000, 0];
    const loop = createSyncLoop({
      leadership: soleLeadership,
      sync: async () => timers.advance(syncTakes.shift() ?? 0),
      readState: async () => undefined,
      intervalMs: 3_000,
      timers: timers.timers,
      onError: (error) => {
        throw error;
      },
    });
    loop.start();
    expect(await timers.nextDelay()).toBe(2_000);
    timers.fire();
    // Longer than the interval: the next turn starts when this one ends, never beside it.
    expect(await timers.nextDelay()).toBe(0);
    timers.fire();
    expect(await timers.nextDelay()).toBe(3_000);
    await loop.stop();
  });
});

describe.runIf(postgres)("the sync lock on PostgreSQL (several instances on one database)", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let admin: pg.Client;
  const warnings: string[] = [];
  // Stopped after each test, even one that failed half-way: a loop left running keeps the lock from the next.
  const loops: SyncLoop<number>[] = [];
  const instance = (name: string, syncs: string[]) => {
    const timers = manualTimers();
    const loop = createSyncLoop({
      leadership: advisoryLockLeadership(scratch.url, (_error, message) => warnings.push(message)),
      sync: async () => syncs.push(name),
      readState: async () => undefined,
      intervalMs: 3_000,
      retryMs: 2_000,
      timers: timers.timers,
      onError: (error) => {
        throw error;
      },
    });
    loops.push(loop);
    return { loop, timers };
  };
  afterEach(async () => {
    await Promise.all(loops.splice(0).map((loop) => loop.stop()));
  });

  beforeAll(async () => {
    scratch = await createScratchDatabase(postgres?.url ?? "");
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await scratch.drop();
  });

  it("lets one instance sync; another takes over at its next retry when the leader's connection drops", async () => {
    const syncs: string[] = [];
    const a = instance("a", syncs);
    const b = instance("b", syncs);
    a.loop.start();
    expect(await a.timers.nextDelay()).toBe(3_000);
    b.loop.start();
    expect(await b.timers.nextDelay()).toBe(2_000);
    expect([a.loop.leading(), b.loop.leading()]).toEqual([true, false]);

    // Each turn: the leader syncs again, the other only asks.
    a.timers.fire();
    b.timers.fire();
    expect(await a.timers.nextDelay()).toBe(3_000);
    expect(await b.timers.nextDelay()).toBe(2_000);
    expect(syncs).toEqual(["a", "a"]);

    // The leader's session ends as when its process dies: the server frees the lock. pg_locks
    // lists the whole server's locks, and other suites on it hold this key in their own databases.
    const killed = await admin.query(
      "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = $1 and granted and database = (select oid from pg_database where datname = current_database())",
      [SYNC_LOCK_KEY],
    );
    expect(killed.rowCount).toBe(1);
    await vi.waitFor(() => expect(warnings).toContain("the sync lock's database connection dropped; the lead is free for any instance"), DELIVERY_WAIT);
    b.timers.fire();
    expect(await b.timers.nextDelay()).toBe(3_000);
    expect(b.loop.leading()).toBe(true);
    expect(syncs).toEqual(["a", "a", "b"]);

    // The old leader reconnects and finds the lead taken.
    a.timers.fire();
    expect(await a.timers.nextDelay()).toBe(2_000);
    expect(a.loop.leading()).toBe(false);
    expect(syncs).toEqual(["a", "a", "b"]);

    await Promise.all([a.loop.stop(), b.loop.stop()]);
  });

  it("gives the lead up on a clean stop, so the next instance to ask takes it", async () => {
    const syncs: string[] = [];
    const a = instance("a", syncs);
    const b = instance("b", syncs);
    a.loop.start();
    await a.timers.nextDelay();
    expect(await b.loop.syncNow()).toBeUndefined();
    await a.loop.stop();
    expect(await b.loop.syncNow()).toBe(2);
    expect(syncs).toEqual(["a", "b"]);
    await b.loop.stop();
  });
});

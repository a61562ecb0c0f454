import "server-only";
import type { SyncStateRow } from "@/lib/db/schema";
import type { Leadership } from "./sync-leader";

/** How often an instance that does not lead asks for the lead: the longest a dead leader's sync stays missing. */
export const LEAD_RETRY_MS = 2_000;

export type Timers = { setTimeout(run: () => void, ms: number): unknown; clearTimeout(handle: unknown): void; now(): number };

export type SyncLoopOptions<R> = {
  leadership: Leadership;
  /** One sync (the leader's). */
  sync: () => Promise<R>;
  /** The stored sync state, read after each turn by every instance, so each can show it without a query per request. */
  readState: () => Promise<SyncStateRow | undefined>;
  intervalMs: number;
  retryMs?: number;
  timers?: Timers;
  onError: (error: unknown, message: string) => void;
};

export type SyncLoop<R> = {
  start(): void;
  /** Stops the turns, waits for the one running, and gives the lead up. */
  stop(): Promise<void>;
  /** One turn now (tests, the harness): the sync's outcome when this process leads or can take the lead; undefined when another leads. */
  syncNow(): Promise<R | undefined>;
  leading(): boolean;
  /** The sync state as last read (any instance), undefined before the first read. */
  latestState(): SyncStateRow | undefined;
};

/**
 * The background sync's schedule: the leader's turns start every `intervalMs`, counted from the
 * start of the one before, so a sync slowed by a busy machine does not stretch the cadence (the
 * upstream calls a minute stay the same under load); every `retryMs` the others ask for the lead
 * (and read the state the leader stored). Turns never overlap: a sync longer than the interval
 * delays the next instead of running twice. The number of upstream calls depends on neither the
 * number of moderators nor the number of instances.
 */
export function createSyncLoop<R>(options: SyncLoopOptions<R>): SyncLoop<R> {
  const timers: Timers = options.timers ?? {
    setTimeout: (run, ms) => setTimeout(run, ms).unref(),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    now: () => performance.now(),
  };
  const retryMs = options.retryMs ?? LEAD_RETRY_MS;
  let running = false;
  let leading = false;
  let latest: SyncStateRow | undefined;
  let timer: unknown;
  let turnStarted = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const serialize = <T>(turn: () => Promise<T>): Promise<T> => {
    const run = queue.then(turn);
    // The turn's own caller gets its failure (run); the chain only waits for it to settle.
    queue = Promise.allSettled([run]);
    return run;
  };

  const lead = async (): Promise<boolean> => {
    try {
      leading = await options.leadership.acquire();
    } catch (error) {
      leading = false;
      options.onError(error, "the sync could not ask for its lock; asking again shortly");
    }
    return leading;
  };

  const turn = async () => {
    turnStarted = timers.now();
    if (await lead()) {
      try {
        await options.sync();
      } catch (error) {
        options.onError(error, "the sync of the flagged list failed; trying again at the next interval");
      }
    }
    try {
      latest = await options.readState();
    } catch (error) {
      options.onError(error, "the sync state could not be read; reading it again at the next turn");
    }
  };

  const schedule = () => {
    if (!running) return;
    const delay = leading ? Math.max(0, options.intervalMs - (timers.now() - turnStarted)) : retryMs;
    timer = timers.setTimeout(() => void serialize(turn).finally(schedule), delay);
  };

  return {
    start() {
      if (running) return;
      running = true;
      void serialize(turn).finally(schedule);
    },
    async stop() {
      running = false;
      timers.clearTimeout(timer);
      await queue;
      leading = false;
      await options.leadership.release();
    },
    syncNow: () =>
      serialize(async () => {
        if (!(await lead())) return undefined;
        const outcome = await options.sync();
        latest = await options.readState();
        return outcome;
      }),
    leading: () => leading,
    latestState: () => latest,
  };
}

import { classifyCheck, type ChatOutcome } from "./chat-outcome";
import type { ChatServiceHealth, Health } from "./health-schema";

export type HealthMonitorOptions = {
  intervalMs: number;
  /** Resolves when the database answers (select 1). */
  checkDatabase: () => Promise<unknown>;
  /** One cheap read of the chat service with the configured key. */
  checkChatService: () => Promise<unknown>;
  /** How long one check may take before it counts as failed; default the interval (at most 10 s). */
  checkTimeoutMs?: number;
  /** Seconds; default the system clock. */
  now?: () => number;
};

export type HealthMonitor = ReturnType<typeof createHealthMonitor>;

const systemSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Keeps the last known state of the database and the chat service in memory, so /api/health
 * answers without any I/O: a check runs every `intervalMs` (and at start), and real chat calls
 * report their outcome in between.
 */
export function createHealthMonitor(options: HealthMonitorOptions) {
  const now = options.now ?? systemSeconds;
  const checkTimeoutMs = options.checkTimeoutMs ?? Math.min(options.intervalMs, 10_000);
  let database: Health["database"] = { ok: false, checkedAt: null };
  let chatService: ChatServiceHealth = { ok: false, status: "unchecked", message: "Not checked yet.", checkedAt: null };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const setChat = (outcome: ChatOutcome) => {
    chatService = { ok: outcome.status === "ok", ...outcome, checkedAt: now() };
  };

  function snapshot(): Health {
    return { status: database.ok && chatService.ok ? "ok" : "degraded", database: { ...database }, chatService: { ...chatService } };
  }

  /** Runs both checks (one at a time: a call while one runs waits for it); never rejects. */
  function checkNow(): Promise<Health> {
    running ??= Promise.allSettled([within(Promise.resolve().then(options.checkDatabase), checkTimeoutMs), Promise.resolve().then(options.checkChatService)])
      .then(([db, chat]) => {
        database = { ok: db.status === "fulfilled", checkedAt: now() };
        setChat(classifyCheck(chat.status === "fulfilled" ? undefined : chat.reason ?? new Error("The check failed.")));
      })
      .finally(() => {
        running = undefined;
      });
    return running.then(snapshot);
  }

  return {
    snapshot,
    checkNow,
    /**
     * Reports a real call's outcome, already classified by the caller (classifyCall; undefined = it
     * says nothing about the service). The caller classifies because Next bundles each route on its
     * own: an error class from a route's bundle is not the class this module would test with
     * instanceof, so failures classified here were all ignored.
     */
    recordChatCall(outcome: ChatOutcome | undefined): void {
      if (outcome) setChat(outcome);
    },
    /** Starts the checks (once); the timer does not keep the process alive. */
    start(): void {
      if (timer) return;
      void checkNow();
      timer = setInterval(() => void checkNow(), options.intervalMs);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/** A database that neither answers nor fails (a stalled server) must not stall every later check. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timeout: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timeout = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timeout));
}

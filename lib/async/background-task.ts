import "server-only";
import { log } from "@/lib/log";

const started = globalThis as typeof globalThis & { __dashboardBackgroundTasks?: Map<string, NodeJS.Timeout> };

/**
 * Runs `task` every `intervalMs` in this process, once per `name` however often it is started
 * (route modules and instrumentation can both start it). A run never overlaps the previous one; a
 * failure is logged with `failure` and the next interval tries again. The timer does not keep the
 * process alive.
 */
export function startBackgroundTask(name: string, options: { intervalMs: number; runAtStart?: boolean; failure: string }, task: () => Promise<void>): void {
  const tasks = (started.__dashboardBackgroundTasks ??= new Map());
  if (tasks.has(name)) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      log().error({ err: error, task: name }, options.failure);
    } finally {
      running = false;
    }
  };
  if (options.runAtStart) void tick();
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  tasks.set(name, timer);
}

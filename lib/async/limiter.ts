/** Thrown by a limiter whose queue is full: the caller answers "busy" rather than wait. */
export class LimiterFullError extends Error {}

/**
 * Runs at most `concurrency` tasks at once; up to `maxWaiting` more wait their turn in order, and
 * beyond that a task is refused at once (LimiterFullError), so a burst neither starves the rest of
 * the process nor queues without bound.
 */
export function createLimiter(concurrency: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxWaiting) throw new LimiterFullError("too many tasks waiting");
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    try {
      return await task();
    } finally {
      next();
    }
  };
}

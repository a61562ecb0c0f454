/**
 * `work`, or an error naming `what` after `ms`: nothing the scale scenario waits for may hang it.
 * The timer does not keep the process alive.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits `ms` (a pause between a simulated moderator's steps). */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads every `everyMs` until `read` gives a value, then returns it; after `timeoutMs` fails with
 * `what` and what the last reading said (`read`'s second value, when it gives one).
 */
export async function pollUntil<T>(read: () => Promise<{ value?: T; said?: string }>, what: string, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { value, said } = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s${said ? `: ${said}` : ""}`);
    await pause(everyMs);
  }
}

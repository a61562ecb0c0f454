/**
 * Wraps a read so that every caller gets an answer from a read that started after it asked (so the
 * answer reflects every write committed before), with at most one read running: callers arriving
 * while one runs share the next, which starts when it ends. However many moderators poll at once,
 * the database then sees one read at a time, and a write waits behind one read, not hundreds.
 */
export function freshShared<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;

  const start = (): Promise<T> => {
    const promise = read();
    running = promise;
    const settle = () => {
      if (running === promise) running = undefined;
    };
    promise.then(settle, settle);
    return promise;
  };

  return () => {
    // A read queued but not yet started still starts after this caller asked.
    if (next) return next;
    if (!running) return start();
    next = running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}

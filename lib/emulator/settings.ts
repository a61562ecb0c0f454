/** Switches of the emulated app that tests may change at run time. */
export type EmulatorSettings = {
  pinningEnabled: boolean;
  autoFlagIntervalMs: number;
  /** `meta.current.limit` of the flagged list; raised only by performance tests. */
  flaggedLimit: number;
  /**
   * The flagged list answers `page` with `meta.pagination`, like the service's other lists. Off by
   * default, as the real service documents no paging for it; the scale benchmark turns it on so a
   * list of 100,000 can be read whole.
   */
  flaggedPaging: boolean;
  /** Pinned messages per conversation (the real service: 100, user and app pins together). */
  pinLimit: number;
  /** Requests per minute before 429 ERR_TOO_MANY_REQUESTS (the real service: 10,000–20,000 per app). */
  rateLimitPerMinute: number;
};

export const DEFAULT_FLAGGED_LIMIT = 50;
export const DEFAULT_PIN_LIMIT = 100;
/** High enough that the demo, the tests and the benchmark never meet it; a test sets it low. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 1_000_000;

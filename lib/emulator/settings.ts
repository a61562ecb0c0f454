/** Switches of the emulated app that tests may change at run time. */
export type EmulatorSettings = {
  pinningEnabled: boolean;
  autoFlagIntervalMs: number;
  /** `meta.current.limit` of the flagged list; raised only by performance tests. */
  flaggedLimit: number;
};

export const DEFAULT_FLAGGED_LIMIT = 50;

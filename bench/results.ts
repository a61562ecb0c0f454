import type { LoadResult } from "./load";

/** The concurrency levels of every latency row. */
export const CLIENTS = [1, 16, 64] as const;

export type RouteName = "health" | "flagged" | "user" | "pin";
/** Who answered: the emulator called directly, or the dashboard instance with or without its read cache. */
export type Via = "emulator" | "cached" | "uncached";

export type Row = { route: RouteName; via: Via; request: string; cells: LoadResult[] };

export type Check = { name: string; measured: string; target: string; pass: boolean };

/** What `npm run bench` writes to bench/results/<timestamp>.json. */
export type BenchResults = {
  startedAt: string;
  commit: string;
  buildId: string;
  node: string;
  cpus: number;
  /** 1-minute load average before and after: a busy machine explains odd numbers. */
  loadAverage: { before: number; after: number };
  settings: Record<string, string | number | boolean>;
  rows: Row[];
  flaggedListBytes: number;
  upstream: { reads: number; seconds: number; upstreamCalls: number; cacheTtlMs: number };
  peakRssBytes: { cached: number; uncached: number };
  soak: { result: LoadResult; rssBytes: { start: number; middle: number; end: number } };
  load: { request: string; fellBack: boolean; result: LoadResult; peakRssBytes: number };
  checks: Check[];
};

import type { LoadResult } from "./load";
import type { RssPhase } from "./rss";
import type { Spread } from "./spread";

/** The concurrency levels of every latency row. */
export const CLIENTS = [1, 16, 64] as const;

/** `floor` is GET /api/floor, a route that does nothing: what any route of that process can serve at most. */
export type RouteName = "floor" | "health" | "flagged" | "user" | "pin";
/**
 * Who answered: the emulator called directly, the dashboard instance with or without its read
 * cache (both on PGlite), or an instance like the cached one on a PostgreSQL database.
 */
export type Via = "emulator" | "cached" | "uncached" | "postgres";

export type Row = { route: RouteName; via: Via; request: string; cells: LoadResult[] };

/**
 * A dashboard read's 2xx requests/s at 64 clients over its own instance's floor, measured just
 * before it in each round; the median and the rounds' range (a share above 1 is a measurement error).
 */
export type ShareRow = { route: RouteName; via: Via; request: string; floorRps: number[]; shares: number[]; median: number; spread: Spread; floorSpread: Spread };

/** Samples in ms with their median and 95th percentile. */
export type Distribution = { samples: number[]; medianMs: number; p95Ms: number };

/**
 * Where each navigation ran: in one tab, each a full page load after about:blank (a moderator
 * reloading or opening the queue from the address bar), or in a new tab each time, which also
 * waits for Chromium to start the tab's renderer process.
 */
export type Tab = "same" | "new";

/** Fresh pages of the queue, each timed from navigation start (ms since the navigation's time origin). */
export type FirstRowsRun = {
  /** Open items the queue held. */
  openItems: number;
  tab: Tab;
  /** Size of the page's HTML (uncompressed). */
  htmlBytes: number;
  /** Whether the HTML itself carried queue rows. */
  inServerHtml: boolean;
  /** The first row's text painted (Element Timing). */
  painted: Distribution;
  /** The first and last byte of the server's answer. */
  responseStart: Distribution;
  responseEnd: Distribution;
  firstContentfulPaint: Distribution;
};

/** The browser section: headless Chromium against the cached instance. */
export type BrowserResults = {
  chromium: string;
  /** The queue as the run left it, then filled to the keystroke test's size. */
  firstRows: FirstRowsRun[];
  /** Keydown to the changed list painted; `unchanged` keystrokes left the list as it was and are not timed. */
  keystroke: { openItems: number; keystrokes: number; unchanged: number; updated: Distribution };
};

/** Issue 19's attacks, measured on the uncached instance after the load run. */
export type AttackResults = {
  /** /api/health at one client during a burst of wrong-password sign-ins from `clients` connections. */
  signInBurst: { clients: number; seconds: number; health: LoadResult; signInResponses: number; signInSocketErrors: number };
  /** Unread events streams and presence reports; RSS before the streams opened, its peak and end after. */
  streamFlood: {
    streams: number;
    postsPerSecond: number;
    seconds: number;
    presenceStatuses: Record<string, number>;
    rssBytes: { before: number; peak: number; end: number };
  };
};

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
  sharesAt64: ShareRow[];
  /** Where each process ran while the shares were measured (bench/cpu-pinning.ts). */
  sharesPinning: string;
  flaggedListBytes: number;
  upstream: { reads: number; seconds: number; upstreamCalls: number; cacheTtlMs: number };
  peakRssBytes: { cached: number; uncached: number };
  /** Each instance's peak per phase of the run, in order: where the whole run's peak was reached. */
  peakRssPhases: { cached: RssPhase[]; uncached: RssPhase[] };
  soak: { result: LoadResult; rssBytes: { start: number; middle: number; end: number } };
  /** `actions`: the writes sent alongside the polling clients (`actionRequest`). */
  load: { request: string; result: LoadResult; actionRequest: string; actions: LoadResult; peakRssBytes: number };
  attacks: AttackResults;
  /** Null when the run was told to skip it (`--browser 0`). */
  browser: BrowserResults | null;
  checks: Check[];
};

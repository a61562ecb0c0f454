import type { GroupProcessorTime } from "./processor-time";
import type { Check } from "./results";
import type { RecordedError, Timed, Timing } from "./scale-recorder";
import type { ProbeResult } from "./scale-probes";

/** One phase of simulated moderators: their request times, errors, and the chat service's list calls meanwhile. */
export type ScalePhase = {
  moderators: number;
  seconds: number;
  /** GET /moderation/flagged-messages at the emulator during the phase, all instances together. */
  listCalls: number;
  listCallsPerMinute: number;
  timings: Record<Timed, Timing>;
  errorCount: number;
  /** The first errors, for the report. */
  errors: RecordedError[];
  /** Actions refused because another moderator changed the item first (409). */
  stale: number;
  /** Requests answered by each instance (index), through the round-robin. */
  servedBy: Record<string, number>;
  /** Each request's own time by the instance (index) that answered it. */
  byInstance: Record<string, Record<Timed, Timing>>;
  /** Each part's time on a core and waiting for one, per second of the phase. */
  processor: GroupProcessorTime[];
};

/** What `npm run bench:scale` writes to bench/results/scale-<timestamp>.json. */
export type ScaleResults = {
  startedAt: string;
  commit: string;
  node: string;
  cpus: number;
  loadAverage: { before: number; after: number };
  settings: Record<string, string | number | boolean>;
  /** Flagged messages seeded, and the emulator's flagged list before seeding (the demo seed). */
  seeded: number;
  before: number;
  /** From the instances' start until every instance's queue totals reached seeded + before; null: not within timeoutMs. */
  import: { ms: number | null; timeoutMs: number; totals: number[] };
  solo: ScalePhase;
  main: ScalePhase;
  newFlag: ProbeResult;
  decision: ProbeResult;
  /** Each instance's peak RSS over the whole run. */
  peakRssBytes: number[];
  checks: Check[];
};

import { processTree, readProc } from "./process-tree";

const SAMPLE_EVERY_MS = 250;

/** Resident memory in bytes of a process and all its descendants (Next may serve from a child process). */
export function readRss(pid: number): number {
  return processTree(pid).reduce((sum, each) => sum + 1024 * Number(/^VmRSS:\s+(\d+) kB/m.exec(readProc(`/proc/${each}/status`))?.[1] ?? 0), 0);
}

/** The highest sample between one `phase()` call and the next: where a run's peak was reached. */
export type RssPhase = { label: string; peakBytes: number };

/**
 * Samples a process tree's RSS every 250 ms; `peak` over the whole run, `windowPeak` since
 * `startWindow()`, and each phase's own peak (`phases`, from `phase(label)` to the next).
 */
export class RssSampler {
  peak = 0;
  windowPeak = 0;
  readonly phases: RssPhase[] = [{ label: "start", peakBytes: 0 }];
  private timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.sample();
    this.timer = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
    this.timer.unref();
  }

  /** Takes a sample now and returns it. */
  sample(): number {
    const rss = readRss(this.pid);
    this.peak = Math.max(this.peak, rss);
    this.windowPeak = Math.max(this.windowPeak, rss);
    const current = this.phases.at(-1);
    if (current) current.peakBytes = Math.max(current.peakBytes, rss);
    return rss;
  }

  /** Ends the current phase (with a last sample) and starts one named `label`. */
  phase(label: string): void {
    this.sample();
    this.phases.push({ label, peakBytes: 0 });
    this.sample();
  }

  startWindow(): void {
    this.windowPeak = this.sample();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

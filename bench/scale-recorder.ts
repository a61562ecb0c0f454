import { percentile } from "./load";
import { describeError } from "./report";
import { SERVED_BY_HEADER } from "./round-robin";

/**
 * What the scale scenario times: the queue page's HTML (first rows), a filter or search change
 * (the view's rows and summary as JSON, as the open page asks for them), opening an item (the
 * messages around it), the queue's JSON poll, and actions. `other` is sent but not timed
 * (presence reports).
 */
export const TIMED = ["firstRows", "filter", "open", "poll", "action", "other"] as const;
export type Timed = (typeof TIMED)[number];

export type Timing = { count: number; p50Ms: number; p95Ms: number; maxMs: number };
export type RecordedError = { kind: Timed; status: number; detail: string };

const REQUEST_TIMEOUT_MS = 30_000;
const KEPT_ERRORS = 20;

export const timingOf = (samples: readonly number[]): Timing => {
  const sorted = Float64Array.from(samples).sort();
  return { count: sorted.length, p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), maxMs: sorted[sorted.length - 1] ?? 0 };
};

/**
 * Sends the simulated moderators' requests and keeps their times (to the last byte of the
 * answer), the errors (any status other than 2xx and a stale-version refusal, and requests that
 * failed or took over 30 s), the refusals as stale (409: another moderator changed the item
 * first, the answer a real moderator gets too) and which instance answered.
 */
export class Recorder {
  readonly samples = Object.fromEntries(TIMED.map((kind) => [kind, [] as number[]])) as Record<Timed, number[]>;
  readonly errors: RecordedError[] = [];
  errorCount = 0;
  stale = 0;
  readonly servedBy = new Map<string, number>();
  /** Each successful request's own time by the instance that answered it (a filter's two apart): shows whether one instance lags the others. */
  readonly byInstance = new Map<string, Record<Timed, number[]>>();

  /** The answer's status and text, or undefined when it failed (recorded as an error). */
  async send(kind: Timed, url: string, init: RequestInit = {}): Promise<{ status: number; text: string } | undefined> {
    const started = performance.now();
    const answer = await this.fetchText(kind, url, init);
    if (answer?.ok) this.samples[kind].push(performance.now() - started);
    return answer;
  }

  /**
   * Requests the browser sends at once for one step (a filter change asks for the view's rows and
   * its summary together): one sample, the time until the last answer, when every one succeeded.
   */
  async sendTogether(kind: Timed, urls: readonly string[], init: RequestInit = {}): Promise<({ status: number; text: string } | undefined)[]> {
    const started = performance.now();
    const answers = await Promise.all(urls.map((url) => this.fetchText(kind, url, init)));
    if (answers.every((answer) => answer?.ok)) this.samples[kind].push(performance.now() - started);
    return answers;
  }

  private async fetchText(kind: Timed, url: string, init: RequestInit): Promise<{ ok: boolean; status: number; text: string } | undefined> {
    try {
      const started = performance.now();
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const text = await response.text();
      const instance = response.headers.get(SERVED_BY_HEADER) ?? "direct";
      this.servedBy.set(instance, (this.servedBy.get(instance) ?? 0) + 1);
      if (response.ok) this.instanceSamples(instance)[kind].push(performance.now() - started);
      if (response.status === 409) this.stale++;
      else if (!response.ok) this.error(kind, response.status, `${init.method ?? "GET"} ${new URL(url).pathname}: ${text.slice(0, 200)}`);
      return { ok: response.ok, status: response.status, text };
    } catch (error) {
      this.error(kind, 0, `${init.method ?? "GET"} ${new URL(url).pathname}: ${describeError(error)}`);
      return undefined;
    }
  }

  private error(kind: Timed, status: number, detail: string): void {
    this.errorCount++;
    if (this.errors.length < KEPT_ERRORS) this.errors.push({ kind, status, detail });
  }

  timings(samples = this.samples): Record<Timed, Timing> {
    return Object.fromEntries(TIMED.map((kind) => [kind, timingOf(samples[kind])])) as Record<Timed, Timing>;
  }

  timingsByInstance(): Record<string, Record<Timed, Timing>> {
    return Object.fromEntries([...this.byInstance].map(([instance, samples]) => [instance, this.timings(samples)]));
  }

  private instanceSamples(instance: string): Record<Timed, number[]> {
    let samples = this.byInstance.get(instance);
    if (!samples) this.byInstance.set(instance, (samples = Object.fromEntries(TIMED.map((kind) => [kind, [] as number[]])) as Record<Timed, number[]>));
    return samples;
  }
}

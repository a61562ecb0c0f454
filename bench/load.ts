import autocannon from "autocannon";

export type LoadRequest = { url: string; method: "GET" | "POST"; headers: Record<string, string>; body?: string };

/** `seconds` runs for a time, `amount` until that many responses came back. */
export type LoadLength = { seconds: number } | { amount: number };

/**
 * How each client sends: with no `perSecond`, the next request as soon as the last answered (the
 * most a route can serve); with one, at most that many requests a second, as people do. `cycle`
 * sends these requests (same address) in turn on each connection instead of one again and again.
 */
export type LoadPace = { perSecond?: number; cycle?: LoadRequest[] };

export type LoadResult = {
  clients: number;
  seconds: number;
  /** Responses of any status. */
  responses: number;
  /** 2xx responses per second. */
  rps: number;
  /** Latency of the 2xx responses, in ms; p10 and p90 give the spread beside the median. */
  medianMs: number;
  p10Ms: number;
  p90Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  socketErrors: number;
};

/** Nearest-rank percentile of sorted values; 0 when there are none. */
export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

export type LoadSpec = { request: LoadRequest; clients: number; pace?: LoadPace };

/**
 * Sends `request` from `clients` concurrent keep-alive connections. Latencies are collected per
 * response at sub-millisecond resolution: autocannon's own histogram keeps whole milliseconds,
 * too coarse for a 2 ms added-latency budget.
 */
export function runLoad(request: LoadRequest, clients: number, length: LoadLength): Promise<LoadResult> {
  return runLoads([{ request, clients }], length);
}

/** Several loads at once, counted as one (each acting client on an item of its own, say). */
export async function runLoads(specs: LoadSpec[], length: LoadLength): Promise<LoadResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const results = await Promise.all(specs.map((spec) => drive(spec, length, latencies)));
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const total = (pick: (result: autocannon.Result) => number) => results.reduce((sum, result) => sum + pick(result), 0);
  return {
    clients: specs.reduce((sum, spec) => sum + spec.clients, 0),
    seconds,
    responses: total((r) => r["1xx"] + r["2xx"] + r["3xx"] + r["4xx"] + r["5xx"]),
    rps: total((r) => r["2xx"]) / seconds,
    medianMs: percentile(sorted, 0.5),
    p10Ms: percentile(sorted, 0.1),
    p90Ms: percentile(sorted, 0.9),
    p99Ms: percentile(sorted, 0.99),
    non2xx: total((r) => r.non2xx),
    socketErrors: total((r) => r.errors),
  };
}

function drive({ request, clients, pace = {} }: LoadSpec, length: LoadLength, latencies: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: request.body,
        connections: clients,
        pipelining: 1,
        timeout: 10,
        ...(pace.perSecond ? { connectionRate: pace.perSecond } : {}),
        ...(pace.cycle ? { requests: pace.cycle.map(({ method, headers, body }) => ({ method, headers, body })) } : {}),
        ...("seconds" in length ? { duration: length.seconds } : { amount: length.amount }),
      },
      (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

import autocannon from "autocannon";

export type LoadRequest = { url: string; method: "GET" | "POST"; headers: Record<string, string>; body?: string };

/** `seconds` runs for a time, `amount` until that many responses came back. */
export type LoadLength = { seconds: number } | { amount: number };

export type LoadResult = {
  clients: number;
  seconds: number;
  /** Responses of any status. */
  responses: number;
  /** 2xx responses per second. */
  rps: number;
  /** Latency of the 2xx responses, in ms. */
  medianMs: number;
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

/**
 * Sends `request` from `clients` concurrent keep-alive connections. Latencies are collected per
 * response at sub-millisecond resolution: autocannon's own histogram keeps whole milliseconds,
 * too coarse for a 2 ms added-latency budget.
 */
export function runLoad(request: LoadRequest, clients: number, length: LoadLength): Promise<LoadResult> {
  const latencies: number[] = [];
  const started = performance.now();
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
        ...("seconds" in length ? { duration: length.seconds } : { amount: length.amount }),
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const seconds = (performance.now() - started) / 1000;
        const sorted = Float64Array.from(latencies).sort();
        resolve({
          clients,
          seconds,
          responses: result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"],
          rps: result["2xx"] / seconds,
          medianMs: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
          non2xx: result.non2xx,
          socketErrors: result.errors,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

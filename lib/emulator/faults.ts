import type { AuthErrorCode, FaultInput } from "./schemas";

export type FaultKind = FaultInput["kind"];

export type FaultRule = {
  id: number;
  kind: FaultKind;
  /** e.g. "GET /users/:uid"; undefined = every /v3 request. */
  route?: string;
  latencyMs: number;
  retryAfterSeconds: number;
  authCode: AuthErrorCode;
  /** authError's status (default 401) or refusal's (default 400). */
  status: number;
  /** refusal: the error body it answers. */
  code: string;
  message: string;
  details?: Record<string, string[]>;
  /** Requests left to hit; undefined = no count limit. */
  remaining?: number;
  /** Date.now() after which the rule is gone; undefined = until cleared. */
  until?: number;
};

/** What to do to one request: wait `latencyMs`, then answer normally or with `fault`. */
export type FaultDecision = { latencyMs: number; fault?: FaultRule };

const DEFAULT_LATENCY_MS = 500;
const DEFAULT_RETRY_AFTER_SECONDS = 2;

/** Fault rules added by tests. Latency rules add up; of the others, the oldest matching one wins. */
export class FaultTable {
  private rules: FaultRule[] = [];
  private nextId = 1;

  add(input: FaultInput, nowMs: number): FaultRule {
    const rule: FaultRule = {
      id: this.nextId++,
      kind: input.kind,
      ...(input.route === undefined ? {} : { route: input.route }),
      latencyMs: input.latencyMs ?? DEFAULT_LATENCY_MS,
      retryAfterSeconds: input.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
      authCode: input.authCode ?? "AUTH_ERR_APIKEY_NOT_FOUND",
      status: input.status ?? (input.kind === "refusal" ? 400 : 401),
      code: input.code ?? "ERR_BAD_REQUEST",
      message: input.message ?? "Failed to validate the data sent with the request.",
      ...(input.details === undefined ? {} : { details: input.details }),
      ...(input.count === undefined ? {} : { remaining: input.count }),
      ...(input.durationMs === undefined ? {} : { until: nowMs + input.durationMs }),
    };
    this.rules.push(rule);
    return rule;
  }

  clear(): void {
    this.rules = [];
  }

  list(nowMs: number): FaultRule[] {
    this.prune(nowMs);
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** Picks (and uses up) the rules that apply to a request for `route` (undefined = unknown route). */
  take(route: string | undefined, nowMs: number): FaultDecision {
    if (this.rules.length === 0) return { latencyMs: 0 };
    this.prune(nowMs);
    const decision: FaultDecision = { latencyMs: 0 };
    for (const rule of this.rules) {
      if (rule.route !== undefined && rule.route !== route) continue;
      if (rule.kind === "latency") decision.latencyMs += rule.latencyMs;
      else if (decision.fault) continue;
      else decision.fault = rule;
      if (rule.remaining !== undefined) rule.remaining--;
    }
    this.prune(nowMs);
    return decision;
  }

  private prune(nowMs: number): void {
    this.rules = this.rules.filter((rule) => (rule.remaining === undefined || rule.remaining > 0) && (rule.until === undefined || rule.until > nowMs));
  }
}

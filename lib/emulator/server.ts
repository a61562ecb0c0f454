import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { keepIdleConnections } from "@/lib/net/keep-alive";
import { API_ROUTES, type ApiRoute } from "./api-routes";
import { assertControlAllowed } from "./control-access";
import { CONTROL_ROUTES, type EmulatorRuntime } from "./control-routes";
import { AUTH_ERROR_MESSAGES, badRequest, EmulatorError, routeNotFound } from "./errors";
import { FaultTable, type FaultRule } from "./faults";
import { headerValue, readJsonBody, sendError, sendJson } from "./http";
import { MEDIA_FILES } from "./media-files";
import { decodeSegments, matchRoute } from "./router";
import { RateBudget } from "./rate-budget";
import { DEFAULT_FLAGGED_LIMIT, DEFAULT_PIN_LIMIT, DEFAULT_RATE_LIMIT_PER_MINUTE, type EmulatorSettings } from "./settings";
import { EmulatorState } from "./state";
import { RequestStats } from "./stats";

export type EmulatorOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Whether the emulated app allows pinning; default true. */
  pinningEnabled?: boolean;
  /** Add one flag every N ms so the queue comes alive; 0 (the default) = off. */
  autoFlagIntervalMs?: number;
  /** Pinned messages per conversation; default 100, as the real service. */
  pinLimit?: number;
  /** Requests per minute before 429; default high enough never to be met by accident. */
  rateLimitPerMinute?: number;
  /** The clock, in integer seconds; default the system clock. */
  now?: () => number;
};

export type RunningEmulator = {
  /** e.g. http://127.0.0.1:4010; the control routes live under `${url}/__emulator`. */
  url: string;
  /** `${url}/v3`, the chat service's base address. */
  baseUrl: string;
  /** The HTTP server itself: tests hand it connections it did not accept (one whose far end is another machine). */
  server: Server;
  close(): Promise<void>;
};

const systemSeconds = () => Math.floor(Date.now() / 1000);

/** A host a client can dial: wildcard binds are reached over loopback, IPv6 literals get brackets. */
function dialHost(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * Starts the chat-service emulator: the contract's operations under /v3 (apikey required) and the
 * test-only control routes under /__emulator. Resolves once it is listening.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? "127.0.0.1";
  const now = options.now ?? systemSeconds;
  const startSettings = (): EmulatorSettings => ({
    pinningEnabled: options.pinningEnabled ?? true,
    autoFlagIntervalMs: options.autoFlagIntervalMs ?? 0,
    flaggedLimit: DEFAULT_FLAGGED_LIMIT,
    flaggedPaging: false,
    pinLimit: options.pinLimit ?? DEFAULT_PIN_LIMIT,
    rateLimitPerMinute: options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
  });

  let state = new EmulatorState(now());
  /** The emulator's own origin (known once it listens): media URLs in messages point at it. */
  let origin = "";
  let settings = startSettings();
  const stats = new RequestStats();
  const budget = new RateBudget();
  const faults = new FaultTable();
  const latencyTimers = new Set<NodeJS.Timeout>();
  let autoFlagTimer: NodeJS.Timeout | undefined;
  let closed = false;

  function scheduleAutoFlag(): void {
    clearInterval(autoFlagTimer);
    autoFlagTimer = undefined;
    if (closed || settings.autoFlagIntervalMs <= 0) return;
    autoFlagTimer = setInterval(() => state.autoFlag(now()), settings.autoFlagIntervalMs);
    autoFlagTimer.unref();
  }

  const runtime: EmulatorRuntime = {
    get state() {
      return state;
    },
    get settings() {
      return settings;
    },
    stats,
    faults,
    now,
    reset() {
      // The seed comes back, but a message id is never handed out twice, as the service never
      // reuses one: a dashboard keeps what it stored before the reset under those ids.
      const { nextMessageId } = state.data;
      state = new EmulatorState(now());
      state.data.nextMessageId = Math.max(state.data.nextMessageId, nextMessageId);
      state.setMediaOrigin(origin);
      settings = startSettings();
      stats.reset();
      budget.reset();
      faults.clear();
      scheduleAutoFlag();
    },
    updateSettings(patch) {
      settings = {
        pinningEnabled: patch.pinningEnabled ?? settings.pinningEnabled,
        autoFlagIntervalMs: patch.autoFlagIntervalMs ?? settings.autoFlagIntervalMs,
        flaggedLimit: patch.flaggedLimit ?? settings.flaggedLimit,
        flaggedPaging: patch.flaggedPaging ?? settings.flaggedPaging,
        pinLimit: patch.pinLimit ?? settings.pinLimit,
        rateLimitPerMinute: patch.rateLimitPerMinute ?? settings.rateLimitPerMinute,
      };
      scheduleAutoFlag();
    },
  };

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        latencyTimers.delete(timer);
        resolve();
      }, ms);
      latencyTimers.add(timer);
    });

  /** Answers as the fault says; "hang" answers never (close() destroys the socket). */
  function applyFault(fault: FaultRule, req: IncomingMessage, res: ServerResponse): void {
    switch (fault.kind) {
      case "status500":
        return sendError(res, new EmulatorError(500, "ERR_INTERNAL_SERVER_ERROR", "Something went wrong on our side. Please try again later."));
      case "status503":
        return sendError(res, new EmulatorError(503, "ERR_SERVICE_UNAVAILABLE", "The service is temporarily unavailable. Please try again later."));
      case "status429":
        return sendError(
          res,
          new EmulatorError(429, "ERR_TOO_MANY_REQUESTS", "Too many requests: the rate limit was exceeded. Retry later.", {
            "retry-after": String(fault.retryAfterSeconds),
          }),
        );
      case "malformed":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end("<html>oops");
        return;
      case "wrongShape":
        return sendJson(res, 200, { data: "nope" });
      case "reset":
        req.socket.destroy();
        return;
      case "authError":
        return sendError(res, new EmulatorError(fault.status, fault.authCode, AUTH_ERROR_MESSAGES[fault.authCode]));
      case "refusal":
        return sendError(res, new EmulatorError(fault.status, fault.code, fault.message, {}, fault.details));
      case "hang":
      case "latency":
        return;
    }
  }

  /** Every answer carries the budget's headers; past the budget, 429 until the minute ends. */
  function spendBudget(res: ServerResponse): void {
    const at = now();
    const use = budget.take(at, settings.rateLimitPerMinute);
    res.setHeader("x-rate-limit", String(use.limit));
    res.setHeader("x-rate-limit-remaining", String(use.remaining));
    if (use.allowed) return;
    throw new EmulatorError(429, "ERR_TOO_MANY_REQUESTS", "Too many requests: the rate limit was exceeded. Retry later.", {
      "retry-after": String(Math.max(1, use.resetAt - at)),
      "x-rate-limit-reset": String(use.resetAt),
    });
  }

  function authenticate(req: IncomingMessage, { scope, action }: ApiRoute): void {
    const key = headerValue(req, "apikey");
    const record = key === undefined ? undefined : state.apiKey(key);
    if (!record) {
      const code = key === undefined ? "AUTH_ERR_EMPTY_APIKEY" : "AUTH_ERR_APIKEY_NOT_FOUND";
      throw new EmulatorError(401, code, AUTH_ERROR_MESSAGES[code]);
    }
    if (scope === "fullAccess" && record.scope !== "fullAccess") {
      throw new EmulatorError(403, "AUTH_ERR_NO_ACCESS", `The API key has authOnly scope and may not ${action}: a fullAccess key is required.`);
    }
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, method: string, rawPath: string, rawQuery: string): Promise<void> {
    const segments = decodeSegments(rawPath.slice("/v3".length));
    const match = segments && matchRoute(API_ROUTES, method, segments);
    stats.count(match?.route.key);
    spendBudget(res);
    const decision = faults.take(match?.route.key, Date.now());
    if (decision.latencyMs > 0) await delay(decision.latencyMs);
    if (decision.fault) return applyFault(decision.fault, req, res);
    if (!segments) throw badRequest("The path is not correctly percent-encoded.");
    if (!match) throw routeNotFound(method, rawPath);
    authenticate(req, match.route.handle);
    const answer = await match.route.handle.run({
      req,
      params: match.params,
      rawQuery,
      state,
      settings,
      now: now(),
      readBody: () => readJsonBody(req),
    });
    sendJson(res, answer.status ?? 200, answer.body);
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, method: string, rawPath: string): Promise<void> {
    assertControlAllowed(req);
    const segments = decodeSegments(rawPath.slice("/__emulator".length));
    const match = segments && matchRoute(CONTROL_ROUTES, method, segments);
    if (!match) throw routeNotFound(method, rawPath);
    sendJson(res, 200, await match.route.handle({ req, params: match.params, runtime, readBody: () => readJsonBody(req) }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? "/";
    const method = req.method ?? "GET";
    const q = url.indexOf("?");
    const rawPath = q === -1 ? url : url.slice(0, q);
    try {
      if (rawPath === "/v3" || rawPath.startsWith("/v3/")) await handleApi(req, res, method, rawPath, q === -1 ? "" : url.slice(q + 1));
      else if (method === "GET" && rawPath.startsWith("/media/")) serveMedia(res, rawPath.slice("/media/".length));
      else if (rawPath === "/__emulator" || rawPath.startsWith("/__emulator/")) await handleControl(req, res, method, rawPath);
      else throw routeNotFound(method, rawPath);
    } catch (error) {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof EmulatorError) return sendError(res, error);
      sendError(res, new EmulatorError(500, "ERR_INTERNAL_SERVER_ERROR", `The emulator failed: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  /** The seeded media, like the real service's media host: public URLs, no API key. */
  function serveMedia(res: ServerResponse, rawName: string): void {
    const file = MEDIA_FILES.get(decodeSegments(`/${rawName}`)?.[0] ?? "");
    if (!file) throw routeNotFound("GET", `/media/${rawName}`);
    res.writeHead(200, { "content-type": file.contentType, "content-length": file.bytes.length });
    res.end(file.bytes);
  }

  const server = keepIdleConnections(createServer((req, res) => void handle(req, res)));

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  scheduleAutoFlag();

  const { port } = server.address() as AddressInfo;
  const url = `http://${dialHost(host)}:${port}`;
  origin = url;
  state.setMediaOrigin(origin);
  return {
    url,
    baseUrl: `${url}/v3`,
    server,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(autoFlagTimer);
      for (const timer of latencyTimers) clearTimeout(timer);
      latencyTimers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Also ends keep-alive sockets and requests left hanging by a "hang" fault.
        server.closeAllConnections();
      });
    },
  };
}

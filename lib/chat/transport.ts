import "server-only";
import { Pool, errors as undiciErrors } from "undici";
import type { z } from "zod";
import { declaredContentLength, readCappedBody } from "@/lib/net/read-capped-body";
import { SPLIT_PARSE_MIN_BYTES, parseStorableJsonBytes, type ElementMemory } from "@/lib/text/json-bytes";
import {
  ChatBadResponseError,
  ChatConnectionLostError,
  ChatError,
  ChatKeyRejectedError,
  ChatRateLimitedError,
  ChatServerError,
  ChatServiceError,
  ChatTimeoutError,
  ChatUnavailableError,
} from "./errors";
import { keyRefusalOf } from "./key-refusal";
import { readRateLimit, retryAfterSeconds, type RateLimitReading } from "./rate-limit";
import { createSameAnswers } from "./same-answers";
import type { ChatOperation, HttpMethod } from "./operations";
import { errorBodySchema } from "./schemas";

export type ChatConnectionConfig = {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Epoch milliseconds; tests inject a clock for rate-limit readings. */
  now?: () => number;
  /** Told every new rate-limit reading (the dashboard keeps one per process). */
  onRateLimit?: (reading: RateLimitReading) => void;
};

export type ChatRequest = {
  operation: ChatOperation;
  method: HttpMethod;
  /** Already filled and encoded (path.ts), relative to the base address. */
  path: string;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
  body?: unknown;
};

export type ChatTransport = {
  send<S extends z.ZodType<object>>(request: ChatRequest, schema: S): Promise<z.infer<S>>;
  /** The rate-limit headers of the last answer that carried them (a 429 counts as none left). */
  rateLimit(): RateLimitReading | undefined;
  close(): Promise<void>;
};

const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * One keep-alive connection pool per base address: a new TCP (and TLS) connection per call
 * would cost more than the call itself on a busy queue.
 */
export function createTransport(config: ChatConnectionConfig): ChatTransport {
  const answers = createSameAnswers();
  const now = config.now ?? Date.now;
  let lastRateLimit: RateLimitReading | undefined;
  const base = new URL(config.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, "");
  const pool = new Pool(base.origin, {
    connections: 128,
    keepAliveTimeout: 30_000,
    headersTimeout: config.timeoutMs,
    bodyTimeout: config.timeoutMs,
    connectTimeout: Math.min(config.timeoutMs, 10_000),
  });

  async function send<S extends z.ZodType<object>>(request: ChatRequest, schema: S): Promise<z.infer<S>> {
    const { operation } = request;
    const headers: Record<string, string> = { apikey: config.apiKey, accept: "application/json" };
    for (const [name, value] of Object.entries(request.headers ?? {})) if (value !== undefined) headers[name] = value;
    const hasBody = request.body !== undefined;
    if (hasBody) headers["content-type"] = "application/json";

    const path = basePath + request.path + queryString(request.query);
    let status: number;
    let bytes: Buffer;
    let retryAfter: number | undefined;
    try {
      const response = await pool.request({
        method: request.method,
        path,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      status = response.statusCode;
      const at = now();
      const reading = readRateLimit(response.headers, at);
      if (status === 429) {
        // Refused: nothing is left until the service's Retry-After, whatever the headers say.
        retryAfter = retryAfterSeconds(response.headers, at);
        const resetAt = retryAfter === undefined ? null : Math.floor(at / 1000) + retryAfter;
        lastRateLimit = { limit: reading?.limit ?? lastRateLimit?.limit ?? null, remaining: 0, resetAt, observedAt: at };
      } else {
        lastRateLimit = reading ?? lastRateLimit;
      }
      if (lastRateLimit) config.onRateLimit?.(lastRateLimit);
      bytes = await readCappedBody(response.body, {
        maxBytes: MAX_RESPONSE_BYTES,
        declared: declaredContentLength(response.headers["content-length"]),
        tooLarge: () => new ChatBadResponseError(operation, "the body is larger than 16 MiB"),
      });
    } catch (error) {
      throw toTransportError(operation, error, config.timeoutMs);
    }

    if (status === 429) throw new ChatRateLimitedError(operation, retryAfter, now());
    if (status >= 400) {
      const envelope = errorBodySchema.safeParse(parseStorableJsonBytes(bytes));
      // The AUTH_ERR_* codes have no documented status, so the code decides before the status does.
      const refusal = envelope.success ? keyRefusalOf(envelope.data.error.code) : undefined;
      if (envelope.success && refusal) throw new ChatKeyRejectedError(operation, refusal, envelope.data.error.message);
      if (status >= 500) throw new ChatServerError(operation, status);
      if (!envelope.success) throw new ChatBadResponseError(operation, `HTTP ${status} without an error body`);
      if (status === 401) throw new ChatKeyRejectedError(operation, "rejected", envelope.data.error.message);
      const { code, message, devMessage, details } = envelope.data.error;
      throw new ChatServiceError(operation, status, code, message, { devMessage, details });
    }
    const parse = (elements?: ElementMemory) => {
      // Every answer of the chat service is read here, so its text is made storable here.
      const json = parseStorableJsonBytes(bytes, SPLIT_PARSE_MIN_BYTES, elements);
      if (json === undefined) throw new ChatBadResponseError(operation, "the body is not JSON");
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ChatBadResponseError(operation, `${issue?.path.join(".") || "body"}: ${issue?.message ?? "does not fit the contract"}`);
      }
      return parsed.data as z.infer<S>;
    };
    // Every answer the contract gives is a JSON object; a write's answer is never reused.
    return request.method === "GET" ? answers.parse(path, bytes, parse) : parse();
  }

  return { send, rateLimit: () => lastRateLimit, close: () => pool.close() };
}

function queryString(query: ChatRequest["query"]): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

function toTransportError(operation: ChatOperation, error: unknown, timeoutMs: number): ChatError {
  if (error instanceof ChatError) return error;
  if (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
  ) {
    return new ChatTimeoutError(operation, timeoutMs);
  }
  if (error instanceof undiciErrors.ConnectTimeoutError) return new ChatUnavailableError(operation, "the connection timed out");
  const code = errorCode(error);
  switch (code) {
    case "ECONNREFUSED":
      return new ChatUnavailableError(operation, "the connection was refused");
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new ChatUnavailableError(operation, "its host name could not be resolved");
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
    case "EPIPE":
      return new ChatConnectionLostError(operation);
    default:
      return new ChatUnavailableError(operation, code ? `network error ${code}` : "network error");
  }
}

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const own = (error as Error & { code?: unknown }).code;
  if (typeof own === "string") return own;
  return errorCode(error.cause);
}

import "server-only";
import pino from "pino";
import { env } from "@/lib/env/server";

const globalForLog = globalThis as typeof globalThis & { __dashboardLog?: pino.Logger };

/** Field names whose values never reach a log line, at the top level or nested up to three deep. */
const SECRET_FIELDS = ["apikey", "apiKey", "authorization", "cookie", '["set-cookie"]', "password", "authToken", "secret"];
const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => {
  const key = field.startsWith("[") ? field : `.${field}`;
  return [key.replace(/^\./, ""), `*${key}`, `*.*${key}`, `*.*.*${key}`];
});

/** Characters in one log line at most: a hostile value (a 2 MB name, a chat text) must not flood the log. */
export const MAX_LOG_LINE = 4096;
const MAX_LOG_STRING = 512;
export const TRUNCATED_MARKER = "…[truncated]";

const shorten = (text: string) => (text.length > MAX_LOG_STRING ? `${text.slice(0, MAX_LOG_STRING)}${TRUNCATED_MARKER}` : text);

function shortenStrings(value: unknown): unknown {
  if (typeof value === "string") return shorten(value);
  if (Array.isArray(value)) return value.slice(0, 50).map(shortenStrings);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [shorten(k), shortenStrings(v)]));
  return value;
}

/**
 * A line over the limit has each long string cut, with a marker; should that not be enough (many
 * fields), the line keeps its head as one string, so every line stays one JSON object.
 */
function boundLine(line: string): string {
  if (line.length <= MAX_LOG_LINE) return line;
  const shortened = JSON.stringify(shortenStrings(JSON.parse(line)));
  if (shortened.length < MAX_LOG_LINE) return `${shortened}\n`;
  return `${JSON.stringify({ msg: TRUNCATED_MARKER, head: line.slice(0, MAX_LOG_LINE / 2) })}\n`;
}

const PARAMETERS_LEFT_OUT = "[not logged]";

/**
 * An error as pino writes it, without the values of a failed query: Drizzle puts every parameter
 * in its error's message and stack (`params: …`), and those are the rows being written — chat
 * messages, user names, notes. The query itself and the database's reason stay.
 */
function errorWithoutQueryValues(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!(error instanceof Error)) return serialized;
  const listed: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const params = (e as { params?: unknown }).params;
    if (Array.isArray(params) && params.length > 0) listed.push(`params: ${String(params)}`);
  }
  if (listed.length === 0) return serialized;
  const scrub = (text: unknown) => (typeof text === "string" ? listed.reduce((t, p) => t.replaceAll(p, `params: ${PARAMETERS_LEFT_OUT}`), text) : text);
  const scrubbed: Record<string, unknown> = { ...serialized, message: scrub(serialized.message), stack: scrub(serialized.stack) };
  delete scrubbed.params;
  return scrubbed;
}

/**
 * A JSON-lines logger. Secrets are removed by configuration here, not by care at each call site:
 * any field with one of these names is censored wherever it appears (a request's headers, an
 * error's details, a body), and a failed query's values never reach a line (errorWithoutQueryValues).
 * Lines are bounded here too (boundLine).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  return pino(
    {
      level,
      base: { service: "moderation-dashboard" },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      serializers: { err: errorWithoutQueryValues },
      hooks: { streamWrite: boundLine },
    },
    destination,
  );
}

/** The process's one logger. */
export function log(): pino.Logger {
  globalForLog.__dashboardLog ??= createLogger(env().LOG_LEVEL);
  return globalForLog.__dashboardLog;
}

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

/**
 * A JSON-lines logger. Secrets are removed by configuration here, not by care at each call site:
 * any field with one of these names is censored wherever it appears (a request's headers, an
 * error's details, a body).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  return pino({ level, base: { service: "moderation-dashboard" }, redact: { paths: REDACT_PATHS, censor: "[redacted]" } }, destination);
}

/** The process's one logger. */
export function log(): pino.Logger {
  globalForLog.__dashboardLog ??= createLogger(env().LOG_LEVEL);
  return globalForLog.__dashboardLog;
}

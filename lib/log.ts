import "server-only";
import pino from "pino";
import { env } from "@/lib/env/server";

const globalForLog = globalThis as typeof globalThis & { __dashboardLog?: pino.Logger };

/**
 * Structured JSON lines. Secrets are removed by configuration here, not by care at each call
 * site: any field with these names is censored wherever it appears.
 */
export function log(): pino.Logger {
  globalForLog.__dashboardLog ??= pino({
    level: env().LOG_LEVEL,
    base: { service: "moderation-dashboard" },
    redact: {
      paths: [
        "apikey",
        "apiKey",
        "*.apikey",
        "*.apiKey",
        "headers.apikey",
        "headers.cookie",
        "headers.authorization",
        "*.headers.cookie",
        "cookie",
        "password",
        "*.password",
        "authToken",
        "*.authToken",
        "secret",
        "*.secret",
      ],
      censor: "[redacted]",
    },
  });
  return globalForLog.__dashboardLog;
}

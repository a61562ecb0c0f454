import "server-only";
import { log } from "./log";

const globalForProcess = globalThis as typeof globalThis & { __dashboardProcessErrors?: boolean };

/**
 * Unhandled rejections and uncaught exceptions as JSON lines named by their event, so they can be
 * searched for (the fault suite fails on any). Next's own handlers keep the process running and
 * print them as plain text, which a log search cannot tell from other output.
 */
export function logProcessErrors(): void {
  if (globalForProcess.__dashboardProcessErrors) return;
  globalForProcess.__dashboardProcessErrors = true;
  process.on("unhandledRejection", (reason) => log().error({ event: "unhandledRejection", err: reason }, "unhandledRejection"));
  process.on("uncaughtException", (error) => log().error({ event: "uncaughtException", err: error }, "uncaughtException"));
}

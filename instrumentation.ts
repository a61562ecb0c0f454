/**
 * Next calls register() once when the server process starts (never during `next build`): process
 * errors become JSON log lines, and the health monitor takes its first look before any request.
 */
export async function register() {
  // The documented guard: this file is also compiled for the edge runtime, where neither applies.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ logProcessErrors }, { startHealthMonitor }] = await Promise.all([import("@/lib/process-errors"), import("@/lib/health/service")]);
  logProcessErrors();
  startHealthMonitor();
}

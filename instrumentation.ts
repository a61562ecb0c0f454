/**
 * Next calls register() once when the server process starts (never during `next build`): process
 * errors become JSON log lines, the health monitor takes its first look before any request, and
 * the sender of review decisions to the chat service starts, the background sync of the chat
 * service's flagged list starts (the instance holding its lock syncs), a sweep marks audit rows
 * a stopped process left pending as "outcome unknown", and bulk decisions a stopped instance left
 * running are finished.
 */
export async function register() {
  // The documented guard: this file is also compiled for the edge runtime, where neither applies.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ logProcessErrors }, { startHealthMonitor }, { startWriteBack }, { startFlaggedSync }, { startPendingAuditSweep }, { startBulkJobResumer }] = await Promise.all([
    import("@/lib/process-errors"),
    import("@/lib/health/service"),
    import("@/lib/review/server/write-back-service"),
    import("@/lib/review/server/sync-service"),
    import("@/lib/audit/pending-sweeper"),
    import("@/lib/review/server/bulk-job-service"),
  ]);
  logProcessErrors();
  startHealthMonitor();
  startWriteBack();
  startFlaggedSync();
  startPendingAuditSweep();
  startBulkJobResumer();
}

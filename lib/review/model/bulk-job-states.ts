/**
 * A decision on everything a view matches (lib/review/server/bulk-jobs.ts), declared once for the
 * database enum and the API's schemas. `running` until its last batch; `cancelled` by its owner or
 * an admin (batches already done stay done); `failed` when a batch could not be written.
 */
export const BULK_JOB_STATES = ["running", "done", "cancelled", "failed"] as const;
export type BulkJobState = (typeof BULK_JOB_STATES)[number];

/** Items one batch of a job decides, in one transaction with one audit row. */
export const BULK_JOB_BATCH = 200;

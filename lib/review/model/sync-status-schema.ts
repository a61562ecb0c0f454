import { z } from "zod";

const seconds = z.number().int();

/**
 * How the background sync of the chat service's flagged list last went, as every instance shows it
 * (the queue's status line, /api/health). Client-safe; times in seconds. No host, key or person.
 */
export const syncSummarySchema = z.object({
  /** When the last successful sync asked the service (what the queue reflects), null before one. */
  lastSuccessAt: seconds.nullable(),
  lastAttemptAt: seconds,
  lastDurationMs: z.number().int(),
  /** Items the service listed at the last successful sync, over `pages` pages. */
  itemsSeen: z.number().int(),
  pages: z.number().int(),
  /** Of those, new or changed since the sync before (after the first import, usually few). */
  itemsWritten: z.number().int(),
  /** Of those, messages the database refused even on their own: not in the queue (their ids are in the server log). */
  itemsSkipped: z.number().int(),
  lastError: z.object({ code: z.string(), message: z.string(), at: seconds }).nullable(),
});
export type SyncSummary = z.infer<typeof syncSummarySchema>;

/** The summary with its lag (now − last success), for /api/health and metrics. */
export const syncHealthSchema = syncSummarySchema.extend({ lagSeconds: seconds.nullable() });
export type SyncHealth = z.infer<typeof syncHealthSchema>;

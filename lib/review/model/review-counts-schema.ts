import { z } from "zod";

/** GET /api/review/counts: what the header shows on every page. Client-safe. */
export const reviewCountsSchema = z.object({
  open: z.number().int(),
  /** Open items first flagged longer ago than REVIEW_TARGET_HOURS (lib/review/model/overdue.ts). */
  overdue: z.number().int(),
  /** Open items waiting for an admin. */
  escalated: z.number().int(),
});
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;


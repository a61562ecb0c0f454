import { MAX_UIDS_PER_REQUEST } from "@/lib/api/limits";
import { DEACTIVATION_OUTCOMES, type DeactivationOutcome, type DeactivationOutcomes } from "./deactivation-outcome";

/**
 * The most UIDs one bulk run takes (README, "Limits"): 50 requests of 100, a few minutes at worst,
 * and a result table a browser still renders at once.
 */
export const MAX_BULK_UIDS = 5000;

export type BulkOutcome = { kind: DeactivationOutcome } | { kind: "failed"; message: string } | { kind: "not-sent" };

export type BulkResultRow = { uid: string; outcome: BulkOutcome };

/** The list in the order given, cut into requests the API accepts. */
export function splitIntoBatches<T>(items: readonly T[], size = MAX_UIDS_PER_REQUEST): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/** One batch's rows from each UID's outcome, in the order asked. */
export function batchResultRows(asked: readonly string[], outcomes: DeactivationOutcomes): BulkResultRow[] {
  const kindOf = new Map(DEACTIVATION_OUTCOMES.flatMap((kind) => outcomes[kind].map((uid) => [uid.toLowerCase(), kind] as const)));
  return asked.map((uid) => ({ uid, outcome: { kind: kindOf.get(uid.toLowerCase()) ?? "unknown" } }));
}

export type BulkCounts = Record<BulkOutcome["kind"], number>;

export function countOutcomes(rows: readonly BulkResultRow[]): BulkCounts {
  const counts: BulkCounts = { deactivated: 0, "already-deactivated": 0, "not-found": 0, unknown: 0, "awaiting-approval": 0, failed: 0, "not-sent": 0 };
  for (const row of rows) counts[row.outcome.kind]++;
  return counts;
}

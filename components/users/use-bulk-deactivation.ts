"use client";
import { useRef, useState } from "react";
import { ApiClientError } from "@/lib/queries/api-fetch";
import { useDeactivateUsers } from "@/lib/queries/user-mutations";
import { batchResultRows, splitIntoBatches, type BulkResultRow } from "@/lib/users/bulk-deactivation";

export type BulkRunStatus = "running" | "stopping" | "done" | "stopped" | "failed";

export type BulkRun = {
  status: BulkRunStatus;
  total: number;
  batches: number;
  batchesSent: number;
  rows: BulkResultRow[];
  error?: string;
  /** Epoch ms: the chat service's rate limit refused a batch, which is sent again at this time. */
  pausedUntil?: number;
};

/** A refusal for the rate limit that says when to try again: the batch was not applied, so it is safe to send again then. */
const retryAfterMs = (error: unknown) =>
  error instanceof ApiClientError && error.status === 429 && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : undefined;

/**
 * Sends a long UID list one batch (one request, one audit row) at a time. A stop is honoured
 * between batches: the batch in flight finishes, and what was not sent is reported as such.
 * A failed batch ends the run, since the next would most likely fail the same way; a batch the
 * chat service's rate limit refused waits, visibly, for its Retry-After and is sent again.
 */
export function useBulkDeactivation() {
  const deactivate = useDeactivateUsers();
  const stopRequested = useRef(false);
  const [run, setRun] = useState<BulkRun>();

  /** `policyId`: the policy the whole run is made under, sent with every batch. */
  async function start(uids: string[], policyId?: number) {
    stopRequested.current = false;
    const batches = splitIntoBatches(uids);
    let rows: BulkResultRow[] = [];
    const notSent = (from: number) => batches.slice(from).flat().map((uid): BulkResultRow => ({ uid, outcome: { kind: "not-sent" } }));
    const update = (patch: Partial<BulkRun>) => setRun((current) => current && { ...current, ...patch });
    setRun({ status: "running", total: uids.length, batches: batches.length, batchesSent: 0, rows: [] });

    for (const [index, batch] of batches.entries()) {
      if (stopRequested.current) {
        rows = [...rows, ...notSent(index)];
        update({ status: "stopped", rows });
        return;
      }
      try {
        const answer = await sendHonouringRetryAfter(batch, batches.slice(index).flat().length, policyId, update);
        if (!answer) {
          rows = [...rows, ...notSent(index)];
          update({ status: "stopped", rows });
          return;
        }
        rows = [...rows, ...batchResultRows(batch, answer.outcomes)];
        update({ batchesSent: index + 1, rows });
      } catch (error) {
        const message = error instanceof Error ? error.message : "the request failed";
        rows = [...rows, ...batch.map((uid): BulkResultRow => ({ uid, outcome: { kind: "failed", message } })), ...notSent(index + 1)];
        update({ status: "failed", batchesSent: index + 1, rows, error: message });
        return;
      }
    }
    // A stop asked for during the last batch had nothing left to hold back.
    update({ status: "done" });
  }

  /** The batch's answer, or undefined when a stop came while it waited out the rate limit. */
  async function sendHonouringRetryAfter(batch: string[], bulkRemaining: number, policyId: number | undefined, update: (patch: Partial<BulkRun>) => void) {
    for (;;) {
      try {
        return await deactivate.mutateAsync({ uids: batch, bulkRemaining, policyId });
      } catch (error) {
        const waitMs = retryAfterMs(error);
        if (waitMs === undefined) throw error;
        update({ pausedUntil: Date.now() + waitMs });
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        update({ pausedUntil: undefined });
        if (stopRequested.current) return undefined;
      }
    }
  }

  function stop() {
    stopRequested.current = true;
    setRun((current) => (current?.status === "running" ? { ...current, status: "stopping" } : current));
  }

  return { run, start, stop, reset: () => setRun(undefined) };
}

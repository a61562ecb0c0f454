"use client";
import { useRef, useState } from "react";
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
};

/**
 * Sends a long UID list one batch (one request, one audit row) at a time. A stop is honoured
 * between batches: the batch in flight finishes, and what was not sent is reported as such.
 * A failed batch ends the run, since the next would most likely fail the same way.
 */
export function useBulkDeactivation() {
  const deactivate = useDeactivateUsers();
  const stopRequested = useRef(false);
  const [run, setRun] = useState<BulkRun>();

  async function start(uids: string[]) {
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
        const { data } = await deactivate.mutateAsync(batch);
        rows = [...rows, ...batchResultRows(batch, data.deactivatedUids)];
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

  function stop() {
    stopRequested.current = true;
    setRun((current) => (current?.status === "running" ? { ...current, status: "stopping" } : current));
  }

  return { run, start, stop, reset: () => setRun(undefined) };
}

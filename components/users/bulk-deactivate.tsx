"use client";
import { useId, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PolicySelect } from "@/components/review/policy-select";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { MAX_UIDS_PER_REQUEST } from "@/lib/api/limits";
import { formatCount, formatNumber } from "@/lib/format/intl";
import { teamSettingsOptions } from "@/lib/queries/settings";
import { MAX_BULK_UIDS, countOutcomes, splitIntoBatches, type BulkOutcome, type BulkResultRow } from "@/lib/users/bulk-deactivation";
import { parseUidList } from "@/lib/users/parse-uid-list";
import { UidListSummary } from "./uid-list-summary";
import { useBulkDeactivation, type BulkRun } from "./use-bulk-deactivation";

const users = (n: number) => formatCount(n, "user");
const batches = (n: number) => formatCount(n, "batch", "batches");

/** Deactivate a pasted list of users: clean it, confirm the count, send in batches, report per UID. */
export function BulkDeactivate() {
  const listId = useId();
  const hintId = useId();
  const emptyId = useId();
  const [text, setText] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [policyId, setPolicyId] = useState<number>();
  const policyRequired = useQuery(teamSettingsOptions()).data?.data.requirePolicy ?? false;
  const parsed = useMemo(() => parseUidList(text), [text]);
  const { run, start, stop, reset } = useBulkDeactivation();
  const count = parsed.uids.length;
  const busy = run?.status === "running" || run?.status === "stopping";
  const sendable = count > 0 && count <= MAX_BULK_UIDS && !busy;
  const batchCount = splitIntoBatches(parsed.uids).length;

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Deactivate many users</h1>
        <p className="max-w-2xl text-sm text-slate-600">
          Deactivated users lose access to chat at once; their account data is kept. Up to {formatNumber(MAX_BULK_UIDS)} UIDs per run, sent in batches
          of {formatNumber(MAX_UIDS_PER_REQUEST)}; you can stop between batches.
        </p>
      </div>

      <section aria-labelledby="bulk-list" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="bulk-list" className="text-lg font-semibold">
          List
        </h2>
        <div>
          <label htmlFor={listId} className="block text-sm font-medium">
            UIDs to deactivate
          </label>
          <p id={hintId} className="text-xs text-slate-600">
            Paste or type UIDs separated by commas, spaces or new lines; put a UID that contains spaces in double quotes. Duplicates are removed.
          </p>
          <textarea
            id={listId}
            aria-describedby={hintId}
            value={text}
            disabled={busy}
            onChange={(e) => setText(e.target.value)}
            rows={8}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm disabled:bg-slate-50"
          />
        </div>
        {text.trim() !== "" && <UidListSummary parsed={parsed} max={MAX_BULK_UIDS} />}
        {count > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-indigo-700">Show the cleaned list ({formatNumber(count)})</summary>
            <ol tabIndex={0} aria-label="Cleaned list of UIDs" className="mt-2 max-h-48 list-decimal overflow-auto rounded border border-slate-200 py-2 pr-3 pl-10 font-mono text-xs">
              {parsed.uids.map((uid) => (
                <li key={uid} className="break-all">
                  {uid}
                </li>
              ))}
            </ol>
          </details>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            disabled={!sendable}
            aria-describedby={count === 0 ? emptyId : undefined}
            onClick={() => setConfirming(true)}
            className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            Deactivate {users(count)}
          </button>
          {count === 0 && (
            <p id={emptyId} className="text-sm text-slate-600">
              Nothing to deactivate yet: add at least one valid UID to the list.
            </p>
          )}
        </div>
      </section>

      {run && <BulkProgress run={run} onStop={stop} onReset={() => { reset(); setText(""); }} />}

      <ConfirmDialog
        open={confirming}
        title={`Deactivate ${users(count)}?`}
        confirmLabel={`Deactivate ${users(count)}`}
        confirmDisabled={policyRequired && policyId === undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void start(parsed.uids, policyId);
        }}
      >
        <p>
          {users(count)} will lose access to chat at once. Their account data is kept; only an admin can reactivate them, one at a time, from their user page.
        </p>
        <p>
          The list goes in {batches(batchCount)} of up to {formatNumber(MAX_UIDS_PER_REQUEST)}. You can stop between batches.
        </p>
        <p>Protected users in the list are not deactivated yet: each waits for a second staff member&apos;s approval, and the result says which.</p>
        <PolicySelect value={policyId} onChange={(p) => setPolicyId(p?.id)} required={policyRequired} />
      </ConfirmDialog>
    </div>
  );
}

const outcomeText: Record<BulkOutcome["kind"], string> = {
  deactivated: "Deactivated",
  "already-deactivated": "Already deactivated",
  "not-found": "Not found",
  unknown: "Unknown: check (the service's answer did not name this UID)",
  "awaiting-approval": "Protected: waiting for a second staff member's approval (see the queue's overview)",
  failed: "Failed",
  "not-sent": "Not sent",
};

function BulkProgress({ run, onStop, onReset }: { run: BulkRun; onStop: () => void; onReset: () => void }) {
  const counts = countOutcomes(run.rows);
  const sent = run.rows.filter((r) => r.outcome.kind !== "not-sent").length;
  const finished = run.status === "done" || run.status === "stopped" || run.status === "failed";
  return (
    <section aria-labelledby="bulk-progress" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="bulk-progress" className="text-lg font-semibold">
        {finished ? "Result" : "Deactivating…"}
      </h2>
      <progress value={run.batchesSent} max={run.batches} aria-label="Batches sent" className="h-3 w-full" />
      <p aria-live="polite" className="text-sm">
        {formatNumber(run.batchesSent)} of {batches(run.batches)} sent ({formatNumber(sent)} of {formatNumber(run.total)} UIDs).
        {run.status === "stopping" && " Stopping after this batch…"}
        {run.pausedUntil !== undefined &&
          ` Paused until ${new Date(run.pausedUntil).toLocaleTimeString("en-GB")}: the chat service's rate limit refused the last batch, which is sent again then.`}
      </p>
      {!finished && (
        <button type="button" onClick={onStop} disabled={run.status === "stopping"} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60">
          Stop
        </button>
      )}
      {finished && (
        <>
          <div role="status" className={`rounded-md p-3 text-sm ${run.status === "done" ? "bg-slate-50" : "bg-amber-50 text-amber-950"}`}>
            <p className="font-medium">
              {run.status === "done"
                ? "Done."
                : run.status === "stopped"
                  ? `Stopped after ${formatNumber(run.batchesSent)} of ${batches(run.batches)}.`
                  : `Batch ${formatNumber(run.batchesSent)} of ${formatNumber(run.batches)} failed: ${run.error ?? "unknown error"}`}
            </p>
            <p>
              {formatNumber(counts.deactivated)} deactivated, {formatNumber(counts["already-deactivated"])} already deactivated,{" "}
              {formatNumber(counts["not-found"])} not found
              {counts.unknown > 0 && `, ${formatNumber(counts.unknown)} unknown: check them (the service's answer did not name them)`}
              {counts["awaiting-approval"] > 0 && `, ${formatNumber(counts["awaiting-approval"])} protected, waiting for a second staff member's approval`}
              {counts.failed > 0 && `, ${formatNumber(counts.failed)} in the failed batch (state unknown; check them and send again)`}
              {counts["not-sent"] > 0 && `, ${formatNumber(counts["not-sent"])} not sent`}.
            </p>
          </div>
          <button type="button" onClick={onReset} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50">
            Start a new list
          </button>
        </>
      )}
      {run.rows.length > 0 && <BulkResultTable rows={run.rows} />}
    </section>
  );
}

function BulkResultTable({ rows }: { rows: BulkResultRow[] }) {
  return (
    <div tabIndex={0} role="region" aria-label="Result per UID" className="max-h-[32rem] overflow-auto rounded border border-slate-200">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Result per UID</caption>
        <thead className="sticky top-0 bg-slate-50 text-left text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">UID</th>
            <th scope="col" className="px-3 py-2">Result</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.uid}>
              <td className="px-3 py-1.5 font-mono break-all">{row.uid}</td>
              <td className={`px-3 py-1.5 ${row.outcome.kind === "deactivated" ? "text-emerald-800" : row.outcome.kind === "failed" ? "text-red-700" : "text-slate-700"}`}>
                {outcomeText[row.outcome.kind]}
                {row.outcome.kind === "failed" && `: ${row.outcome.message}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

"use client";
import { useId } from "react";
import { formatNumber } from "@/lib/format/intl";
import { DECISION_EFFECTS } from "@/lib/review/model/decision-effects";
import { waitsForAdmin } from "@/lib/review/model/waits-for-admin";
import { rowButton } from "./queue-styles";

/** What can be done to the selected items at once; stays in view while scrolling. */
export function BulkBar({
  count,
  wholeView,
  senderCount,
  waitingCount,
  pending,
  onResolve,
  onDismiss,
  onDeactivate,
  onClear,
}: {
  count: number;
  /** Every open item of the view is selected, not only the loaded ones: the decision runs on the server. */
  wholeView: boolean;
  senderCount: number;
  /** Selected items escalated to admins that the signed-in moderator may not act on (0 for admins). */
  waitingCount: number;
  pending: boolean;
  onResolve: () => void;
  onDismiss: () => void;
  onDeactivate: () => void;
  onClear: () => void;
}) {
  const waitId = useId();
  const waiting = waitingCount > 0;
  return (
    <div role="region" aria-label="Selected items" className="sticky top-0 z-20 flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-2 shadow-sm">
      <p className="mr-auto text-sm font-medium text-indigo-950">
        {wholeView ? `All ${formatNumber(count)} items in this view selected` : `${formatNumber(count)} selected`}{" "}
        <span className="font-normal text-indigo-900">{wholeView ? "(decided on the server, a batch at a time)" : "(shift-click a checkbox to select a range)"}</span>
      </p>
      <button type="button" disabled={pending} onClick={onResolve} className={rowButton} title={DECISION_EFFECTS.resolve}>
        {wholeView ? "Resolve all…" : "Resolve selected"}
      </button>
      <button type="button" disabled={pending} onClick={onDismiss} className={rowButton} title={DECISION_EFFECTS.dismiss}>
        {wholeView ? "Dismiss all…" : "Dismiss selected"}
      </button>
      <button
        type="button"
        disabled={pending || waiting || wholeView}
        title={wholeView ? "Deactivating senders takes the items loaded on the page: select them there." : undefined}
        aria-describedby={waiting ? waitId : undefined}
        onClick={onDeactivate}
        className="rounded-md border border-red-300 bg-white px-2.5 py-1 text-xs font-medium text-red-800 hover:bg-red-50 disabled:opacity-50"
      >
        Deactivate {senderCount} {senderCount === 1 ? "sender" : "senders"}…
      </button>
      <button type="button" onClick={onClear} className="px-2 py-1 text-xs font-medium text-indigo-800 underline">
        Clear selection
      </button>
      {waiting && (
        <p id={waitId} className="w-full text-xs text-orange-900">
          {waitsForAdmin(null, waitingCount === 1 ? "One selected item" : `Each of ${waitingCount} selected items`)} Resolving or dismissing skips it.
        </p>
      )}
    </div>
  );
}

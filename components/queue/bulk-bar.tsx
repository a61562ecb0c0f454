"use client";
import { rowButton } from "./queue-styles";

/** What can be done to the selected items at once; stays in view while scrolling. */
export function BulkBar({
  count,
  senderCount,
  pending,
  onResolve,
  onDismiss,
  onDeactivate,
  onClear,
}: {
  count: number;
  senderCount: number;
  pending: boolean;
  onResolve: () => void;
  onDismiss: () => void;
  onDeactivate: () => void;
  onClear: () => void;
}) {
  return (
    <div role="region" aria-label="Selected items" className="sticky top-0 z-20 flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-2 shadow-sm">
      <p className="mr-auto text-sm font-medium text-indigo-950">
        {count} selected <span className="font-normal text-indigo-900">(shift-click a checkbox to select a range)</span>
      </p>
      <button type="button" disabled={pending} onClick={onResolve} className={rowButton}>
        Resolve selected
      </button>
      <button type="button" disabled={pending} onClick={onDismiss} className={rowButton}>
        Dismiss selected
      </button>
      <button
        type="button"
        disabled={pending}
        onClick={onDeactivate}
        className="rounded-md border border-red-300 bg-white px-2.5 py-1 text-xs font-medium text-red-800 hover:bg-red-50 disabled:opacity-50"
      >
        Deactivate {senderCount} {senderCount === 1 ? "sender" : "senders"}…
      </button>
      <button type="button" onClick={onClear} className="px-2 py-1 text-xs font-medium text-indigo-800 underline">
        Clear selection
      </button>
    </div>
  );
}

import type { QueueItem } from "@/lib/review/model/review-schemas";
import type { PinAs } from "./use-queue-actions";

/**
 * The queue's dialogs as one state: at most one is open, a new one opens only when none is (the
 * keyboard's shortcuts are silent while one is, so a second can only be a stray event), and every
 * dialog closes the same way.
 */
export type QueueDialog =
  | { kind: "none" }
  | { kind: "pin"; item: QueueItem; as: PinAs }
  | { kind: "deactivate"; items: QueueItem[]; onDone?: () => void }
  | BulkJobRequest
  | { kind: "shortcuts" };

/** A decision on every open item of a view (its URL query), `total` of them when asked. */
export type BulkJobRequest = { kind: "bulk-job"; action: "resolve" | "dismiss"; view: string; total: number; onDone?: () => void };

export type QueueDialogEvent =
  | { type: "pin"; item: QueueItem; as: PinAs }
  /** `onDone` runs once the senders are deactivated (the list clears the selection they came from). */
  | { type: "deactivate"; items: QueueItem[]; onDone?: () => void }
  | ({ type: "bulk-job" } & Omit<BulkJobRequest, "kind">)
  | { type: "shortcuts" }
  | { type: "close" };

export const NO_DIALOG: QueueDialog = { kind: "none" };

export function nextDialog(current: QueueDialog, event: QueueDialogEvent): QueueDialog {
  if (event.type === "close") return NO_DIALOG;
  if (current.kind !== "none") return current;
  switch (event.type) {
    case "pin":
      return { kind: "pin", item: event.item, as: event.as };
    case "deactivate":
      return event.items.length > 0 ? { kind: "deactivate", items: event.items, onDone: event.onDone } : current;
    case "bulk-job": {
      const { type: _type, ...request } = event;
      return { kind: "bulk-job", ...request };
    }
    case "shortcuts":
      return { kind: "shortcuts" };
  }
}

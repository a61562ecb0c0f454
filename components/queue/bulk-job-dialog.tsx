"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatCount } from "@/lib/format/intl";
import { DECISION_EFFECTS } from "@/lib/review/model/decision-effects";

/**
 * The confirmation of a decision on every open item of the view: how many, what the decision does
 * for users, that colleagues' and waiting items are left alone, and that it has no undo.
 */
export function BulkJobDialog({
  action,
  total,
  pending,
  onConfirm,
  onCancel,
}: {
  action: "resolve" | "dismiss";
  total: number;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const verb = action === "resolve" ? "Resolve" : "Dismiss";
  return (
    <ConfirmDialog
      open
      title={`${verb} all ${formatCount(total, "open item")} in this view?`}
      confirmLabel={`${verb} ${formatCount(total, "item")}`}
      tone="neutral"
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{DECISION_EFFECTS[action]}</p>
      <p>It runs on the server a few hundred items at a time; you can stop it between batches. Items a colleague is on, and items waiting for an admin, are left as they are.</p>
      <p>
        <strong>There is no undo for a decision on a whole view:</strong> items decided can be reopened one by one.
      </p>
    </ConfirmDialog>
  );
}

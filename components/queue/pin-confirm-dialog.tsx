"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { QueueItem } from "@/lib/review/model/review-schemas";
import { pinTarget, type PinAs } from "./use-queue-actions";

/** The pin's confirmation: who it pins as, and that the dashboard cannot take it back. */
export function PinConfirmDialog({ item, as, pending, onConfirm, onCancel }: { item: QueueItem; as: PinAs; pending: boolean; onConfirm: () => void; onCancel: () => void }) {
  const target = pinTarget(item, as);
  return (
    <ConfirmDialog
      open
      title={`Pin the message from ${item.sender.name}?`}
      confirmLabel={target ? `Pin as ${target.label}` : "Pin as the app"}
      tone="neutral"
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>It is pinned in its conversation {target ? `on behalf of ${target.label}, whose permissions then apply` : "as the app"}.</p>
      <p>
        <strong>This cannot be undone from the dashboard:</strong> the chat service&apos;s contract has no operation to unpin a message.
      </p>
    </ConfirmDialog>
  );
}

"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { QueuePerson } from "@/lib/review/model/review-schemas";

/**
 * One confirmation for deactivating one or many senders: it names every user (name and UID), says
 * what deactivation does, and that only an admin can undo it (Reactivate on the user's page).
 */
export function DeactivateSendersDialog({ senders, pending, onConfirm, onCancel }: { senders: QueuePerson[]; pending: boolean; onConfirm: () => void; onCancel: () => void }) {
  const [only] = senders;
  const title = senders.length === 1 && only ? `Deactivate ${only.name} (${only.uid})?` : `Deactivate ${senders.length} senders?`;
  return (
    <ConfirmDialog
      open={senders.length > 0}
      title={title}
      confirmLabel={senders.length === 1 ? "Deactivate user" : `Deactivate ${senders.length} users`}
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {senders.length > 1 && (
        <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
          {senders.map((s) => (
            <li key={s.uid}>
              <span className="font-medium">{s.name}</span> <span className="font-mono text-xs text-slate-600">({s.uid})</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        Deactivation suspends {senders.length === 1 ? "this user's" : "these users'"} access to the chat. Their account data and messages are kept.
      </p>
      <p>
        <strong>Only an admin can undo this:</strong> with Reactivate on the user&apos;s page.
      </p>
    </ConfirmDialog>
  );
}

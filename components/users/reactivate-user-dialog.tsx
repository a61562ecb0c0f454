"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toaster";
import type { ChatUser } from "@/lib/chat/schemas";
import { useReactivateUsers } from "@/lib/queries/user-mutations";
import { describeFailure, errorOf } from "@/lib/review/model/action-errors";
import type { ReactivationOutcomes } from "@/lib/users/deactivation-outcome";

/** The toast for each outcome of one user's reactivation. */
function reactivationToast(user: ChatUser, outcomes: ReactivationOutcomes): { tone: "success" | "info" | "error"; message: string } {
  const who = `${user.name} (${user.uid})`;
  if (outcomes.reactivated.length) return { tone: "success", message: `${who} is reactivated: their access to the chat is back.` };
  if (outcomes["not-deactivated"].length) return { tone: "info", message: `${who} was not deactivated: nothing changed.` };
  if (outcomes["not-found"].length) return { tone: "error", message: `${who} was not found by the chat service.` };
  return { tone: "error", message: `${who}: unknown: check. The chat service's answer did not say whether the user was reactivated.` };
}

/** The confirmation, then the request; the outcome is a toast. */
export function ReactivateUserDialog({ user, onClose }: { user: ChatUser; onClose: () => void }) {
  const reactivate = useReactivateUsers();
  const toast = useToast();
  return (
    <ConfirmDialog
      open
      title={`Reactivate ${user.name} (${user.uid})?`}
      confirmLabel="Reactivate user"
      tone="neutral"
      pending={reactivate.isPending}
      onCancel={onClose}
      onConfirm={() =>
        // The promise, not mutate's callbacks: the answer refetches the user, which unmounts this dialog before they would run.
        void reactivate
          .mutateAsync([user.uid])
          .then(
            ({ outcomes }) => toast(reactivationToast(user, outcomes)),
            (error: unknown) => toast({ tone: "error", message: describeFailure(`Reactivating ${user.name}`, `${user.name} was not reactivated`, errorOf(error)) }),
          )
          .finally(onClose)
      }
    >
      <p>Reactivation gives this user their access to the chat back, with their account data and messages as they were.</p>
      <p>It is recorded in the audit log.</p>
    </ConfirmDialog>
  );
}

"use client";
import { DeactivateSendersDialog } from "@/components/review/deactivate-senders-dialog";
import { useToast } from "@/components/ui/toaster";
import type { ChatUser } from "@/lib/chat/schemas";
import { useDeactivateUsers } from "@/lib/queries/user-mutations";
import { describeFailure, errorOf } from "@/lib/review/model/action-errors";
import type { DeactivationOutcomes } from "@/lib/users/deactivation-outcome";

/** One user's deactivation outcome in words; an answer that does not name the user is said to be unknown. */
function deactivationToast(user: ChatUser, outcomes: DeactivationOutcomes): { tone: "success" | "info" | "error"; message: string } {
  const who = `${user.name} (${user.uid})`;
  if (outcomes["awaiting-approval"].length) {
    return { tone: "info", message: `${who} is protected: the deactivation now waits for a second staff member's approval (the queue's overview lists it).` };
  }
  if (outcomes.deactivated.length) return { tone: "success", message: `${who} is deactivated.` };
  if (outcomes["already-deactivated"].length) return { tone: "info", message: `${who} was already deactivated: nothing changed.` };
  if (outcomes["not-found"].length) return { tone: "error", message: `${who} was not deactivated: the chat service does not know this user.` };
  return { tone: "error", message: `${who}: unknown: check. The chat service's answer did not say whether the user was deactivated; reload the page to see.` };
}

/** The same confirmation the review queue asks for, and the request once confirmed; the outcome is a toast. */
export function DeactivateUserDialog({ user, onClose }: { user: ChatUser; onClose: () => void }) {
  const deactivate = useDeactivateUsers();
  const toast = useToast();
  return (
    <DeactivateSendersDialog
      senders={[{ uid: user.uid, name: user.name, avatar: user.avatar, role: user.role, status: user.status, deactivated: false }]}
      pending={deactivate.isPending}
      onCancel={onClose}
      onConfirm={({ policyId }) =>
        // The promise, not mutate's callbacks: the answer refetches the user, which unmounts this dialog before they would run.
        void deactivate
          .mutateAsync({ uids: [user.uid], policyId })
          .then(
            ({ outcomes }) => toast(deactivationToast(user, outcomes)),
            (error: unknown) => toast({ tone: "error", message: describeFailure(`Deactivating ${user.name}`, `${user.name} was not deactivated`, errorOf(error)) }),
          )
          .finally(onClose)
      }
    />
  );
}

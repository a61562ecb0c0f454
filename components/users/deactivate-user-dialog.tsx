"use client";
import { DeactivateSendersDialog } from "@/components/queue/deactivate-senders-dialog";
import { useToast } from "@/components/ui/toaster";
import type { ChatUser } from "@/lib/chat/schemas";
import { useDeactivateUsers } from "@/lib/queries/user-mutations";
import { describeFailure, errorOf } from "@/lib/review/action-errors";

/** The same confirmation the review queue asks for, and the request once confirmed; the outcome is a toast. */
export function DeactivateUserDialog({ user, onClose }: { user: ChatUser; onClose: () => void }) {
  const deactivate = useDeactivateUsers();
  const toast = useToast();
  return (
    <DeactivateSendersDialog
      senders={[{ uid: user.uid, name: user.name, avatar: user.avatar, role: user.role, status: user.status, deactivated: false }]}
      pending={deactivate.isPending}
      onCancel={onClose}
      onConfirm={() =>
        deactivate.mutate([user.uid], {
          onSuccess: ({ data }) =>
            data.deactivatedUids.includes(user.uid)
              ? toast({ tone: "success", message: `${user.name} (${user.uid}) is deactivated.` })
              : toast({ tone: "info", message: `${user.name} (${user.uid}) was not deactivated: the service says the user is unknown or already inactive.` }),
          onError: (error) => toast({ tone: "error", message: describeFailure(`Deactivating ${user.name}`, `${user.name} was not deactivated`, errorOf(error)) }),
          onSettled: onClose,
        })
      }
    />
  );
}

"use client";
import { useState } from "react";
import { LazyDeactivateSendersDialog } from "@/components/queue/lazy-deactivate-dialog";
import { useToast } from "@/components/ui/toaster";
import type { ChatUser } from "@/lib/chat/schemas";
import { useDeactivateUsers } from "@/lib/queries/users";
import { describeFailure, errorOf } from "@/lib/review/action-errors";

/** Deactivate one user, after the same confirmation the review queue asks for. */
export function DeactivateUserButton({ user }: { user: ChatUser }) {
  const deactivate = useDeactivateUsers();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800">
        Deactivate user
      </button>
      {open && (
        <LazyDeactivateSendersDialog
          senders={[{ uid: user.uid, name: user.name, avatar: user.avatar, role: user.role, status: user.status, deactivated: false }]}
          pending={deactivate.isPending}
          onCancel={() => setOpen(false)}
          onConfirm={() =>
            deactivate.mutate([user.uid], {
              onSuccess: ({ data }) =>
                data.deactivatedUids.includes(user.uid)
                  ? toast({ tone: "success", message: `${user.name} (${user.uid}) is deactivated.` })
                  : toast({ tone: "info", message: `${user.name} (${user.uid}) was not deactivated: the service says the user is unknown or already inactive.` }),
              onError: (error) =>
                toast({ tone: "error", message: describeFailure(`Deactivating ${user.name}`, `${user.name} was not deactivated`, errorOf(error)) }),
              onSettled: () => setOpen(false),
            })
          }
        />
      )}
    </>
  );
}

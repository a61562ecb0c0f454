"use client";
import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { lazyPart } from "@/components/ui/lazy-part";
import type { ChatUser } from "@/lib/chat/schemas";
import { userContextOptions } from "@/lib/queries/users";
import { senderWaitsForAdmin } from "@/lib/review/model/waits-for-admin";

// The confirmation and the request load when the button is first pressed: most visits never press it.
const DeactivateUserDialog = lazyPart(() => import("./deactivate-user-dialog").then((m) => m.DeactivateUserDialog));

/**
 * Deactivate one user, after the same confirmation the review queue asks for. Disabled for a
 * moderator while one of the user's messages is escalated to admins (the server refuses it too).
 */
export function DeactivateUserButton({ user, isAdmin }: { user: ChatUser; isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const waitId = useId();
  // The page's moderation history already holds this query: no extra request.
  const { data } = useQuery({ ...userContextOptions(user.uid), enabled: !isAdmin });
  const waiting = isAdmin ? undefined : data?.data.sent.waitingForAdmin[0];
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={waiting !== undefined}
        aria-describedby={waiting !== undefined ? waitId : undefined}
        className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50"
      >
        Deactivate user
      </button>
      {waiting !== undefined && (
        <p id={waitId} className="text-sm text-orange-900">
          {senderWaitsForAdmin(user.uid, waiting)}
        </p>
      )}
      {open && <DeactivateUserDialog user={user} onClose={() => setOpen(false)} />}
    </>
  );
}

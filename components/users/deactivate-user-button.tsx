"use client";
import { useState } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import type { ChatUser } from "@/lib/chat/schemas";

// The confirmation and the request load when the button is first pressed: most visits never press it.
const DeactivateUserDialog = lazyPart(() => import("./deactivate-user-dialog").then((m) => m.DeactivateUserDialog));

/** Deactivate one user, after the same confirmation the review queue asks for. */
export function DeactivateUserButton({ user }: { user: ChatUser }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800">
        Deactivate user
      </button>
      {open && <DeactivateUserDialog user={user} onClose={() => setOpen(false)} />}
    </>
  );
}

"use client";
import { useState } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import type { ChatUser } from "@/lib/chat/schemas";

// The confirmation and the request load when the button is first pressed, as for deactivation.
const ReactivateUserDialog = lazyPart(() => import("./reactivate-user-dialog").then((m) => m.ReactivateUserDialog));

/** Admin: give a deactivated user their access back, after a confirmation. */
export function ReactivateUserButton({ user }: { user: ChatUser }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800">
        Reactivate
      </button>
      {open && <ReactivateUserDialog user={user} onClose={() => setOpen(false)} />}
    </>
  );
}

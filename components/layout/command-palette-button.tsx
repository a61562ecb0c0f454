"use client";
import { useEffect, useState } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import type { StaffRole } from "@/lib/auth/roles";

// The palette's code loads the first time it opens: most page views never open it.
const LazyCommandPalette = lazyPart(() => import("./command-palette").then((m) => m.CommandPalette));

/**
 * Opens the command palette, from the header or with Ctrl-K (Cmd-K on a Mac) anywhere in the
 * dashboard. No button on a phone, where there is rarely a keyboard and the header's row has no room.
 */
export function CommandPaletteButton({ role }: { role: StaffRole }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        // The browser's own Ctrl-K (its search bar) gives way inside the dashboard.
        event.preventDefault();
        setOpen(true);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="rounded-md border border-slate-300 px-2.5 py-1.5 text-sm whitespace-nowrap text-slate-700 hover:bg-slate-50 max-sm:hidden"
      >
        Jump to… <kbd className="ml-1 text-xs text-slate-500">Ctrl K</kbd>
      </button>
      {open && <LazyCommandPalette role={role} onClose={() => setOpen(false)} />}
    </>
  );
}

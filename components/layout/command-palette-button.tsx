"use client";
import { useEffect, useState } from "react";
import type { StaffRole } from "@/lib/auth/roles";
import type { CommandPalette } from "./command-palette";

/**
 * Opens the command palette, from the header or with Ctrl-K (Cmd-K on a Mac) anywhere in the
 * dashboard. No button on a phone, where there is rarely a keyboard and the header's row has no room. Every page carries this button, so the palette's own code loads the first time it
 * opens, by a plain import() (no Suspense wrapper: a few hundred bytes less on every page).
 */
export function CommandPaletteButton({ role }: { role: StaffRole }) {
  const [open, setOpen] = useState(false);
  const [Palette, setPalette] = useState<typeof CommandPalette | null>(null);

  useEffect(() => {
    if (!open || Palette) return;
    // A failed load (the connection dropped) closes it again, so the next press tries anew.
    import("./command-palette").then(
      (m) => setPalette(() => m.CommandPalette),
      () => setOpen(false),
    );
  }, [open, Palette]);

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
        Jump to… <kbd className="ml-1 text-xs text-slate-500 max-sm:hidden">Ctrl K</kbd>
      </button>
      {open && Palette && <Palette role={role} onClose={() => setOpen(false)} />}
    </>
  );
}

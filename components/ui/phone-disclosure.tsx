"use client";
import { useId, useState, type ReactNode } from "react";

/**
 * Parts of a page that a phone keeps behind a button so the work itself is on the first screen
 * (issue 22); from the `lg` breakpoint on they are always shown and the button is not. The parts
 * get `hiddenOnPhone` in their class names, and their ids in `controls`.
 */
export function usePhoneDisclosure() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return { open, id, toggle: () => setOpen((was) => !was), hiddenOnPhone: open ? "" : "max-lg:hidden" };
}

export function PhoneDisclosureButton({ open, controls, onToggle, children }: { open: boolean; controls: string; onToggle: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="flex w-full items-center justify-between rounded-md border border-slate-200 bg-white px-3 py-2 text-left text-sm font-medium lg:hidden"
    >
      {children}
      <span aria-hidden="true">{open ? "▴" : "▾"}</span>
    </button>
  );
}

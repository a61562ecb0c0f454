"use client";
import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * The one modal of the dashboard, on the native <dialog>: focus moves into it and Escape closes
 * it through `onClose`, so the caller's state stays the single source of whether it is open.
 */
export function Modal({
  open,
  title,
  width = "32rem",
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  width?: "28rem" | "32rem";
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto ${width === "28rem" ? "w-[min(28rem,calc(100vw-2rem))]" : "w-[min(32rem,calc(100vw-2rem))]"} rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40`}
    >
      <div className="space-y-3 p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

"use client";
import { useEffect, useRef, useState, type FocusEvent } from "react";
import type { Toast } from "./toaster";

const READ_TIME_MS = 6_000;

/**
 * Dismisses the toast when its time is up. An action's window (`durationMs`) runs on regardless,
 * since the action ends with it; other toasts wait while `paused`, and errors wait for the reader.
 */
function useAutoDismiss(toast: Toast, paused: boolean, onDismiss: (id: number) => void) {
  const remainingMs = useRef(toast.durationMs ?? READ_TIME_MS);
  const timed = toast.durationMs !== undefined || toast.tone !== "error";
  const waiting = paused && toast.durationMs === undefined;
  useEffect(() => {
    if (!timed || waiting) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remainingMs.current);
    return () => {
      clearTimeout(timer);
      remainingMs.current -= Date.now() - startedAt;
    };
  }, [timed, waiting, toast.id, onDismiss]);
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useAutoDismiss(toast, hovered || focused, onDismiss);
  const leaveFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  return (
    <div
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leaveFocus}
      className={`pointer-events-auto flex max-w-lg items-start gap-3 rounded-md px-4 py-3 text-sm shadow-lg ${
        toast.tone === "error" ? "bg-red-700 text-white" : toast.tone === "success" ? "bg-slate-900 text-white" : "bg-white text-slate-900 ring-1 ring-slate-200"
      }`}
    >
      <p className="flex-1">{toast.message}</p>
      {toast.action && (
        <button
          type="button"
          className="font-semibold underline"
          onClick={() => {
            toast.action?.run();
            onDismiss(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" aria-label="Dismiss notification" className="min-h-6 min-w-6 opacity-80 hover:opacity-100" onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

/** The toasts themselves, loaded with the first one (Toaster). */
export function ToastList({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return toasts.map((toast) => <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />);
}

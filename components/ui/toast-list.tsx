"use client";
import type { Toast } from "./toaster";

/** The toasts themselves, loaded with the first one (Toaster). */
export function ToastList({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return toasts.map((toast) => (
    <div
      key={toast.id}
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
      <button type="button" aria-label="Dismiss notification" className="opacity-80 hover:opacity-100" onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  ));
}

"use client";
import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

export type ToastTone = "success" | "error" | "info";
/**
 * `durationMs` keeps a toast up exactly as long as its action stays possible (an undo's window).
 * Without it, a toast stays while hovered or focused (WCAG 2.2.1), and an error until dismissed.
 */
export type Toast = { id: number; tone: ToastTone; message: string; action?: { label: string; run: () => void }; durationMs?: number };
type ToastInput = Omit<Toast, "id">;

const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined);

// Most page views show no toast: the toasts' markup loads with the first one.
const ToastList = lazy(() => import("./toast-list").then((m) => ({ default: m.ToastList })));

/**
 * Toasts for what happened, in a live region so screen readers hear them. The region is in the
 * page from the start: a region added together with its first message is often not announced.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const push = useCallback(
    (toast: ToastInput) => {
      const id = nextId.current++;
      setToasts((all) => [...all.slice(-3), { ...toast, id }]);
    },
    [],
  );
  const value = useMemo(() => push, [push]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
        {toasts.length > 0 && (
          <Suspense>
            <ToastList toasts={toasts} onDismiss={dismiss} />
          </Suspense>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}

import type { ReactNode } from "react";

/**
 * A wide table on a narrow screen: it scrolls inside this box, not the page, and its first column
 * stays in place so every row keeps saying what it is (issue 22). The box can be focused and
 * scrolled from the keyboard. `relative`: screen-reader-only text in the cells is clipped by the
 * box instead of widening the page.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrollable region needs a name and a tab stop for keyboard users (axe: scrollable-region-focusable).
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white [&_td:first-child]:sticky [&_td:first-child]:left-0 [&_td:first-child]:z-10 [&_td:first-child]:bg-white [&_th:first-child]:sticky [&_th:first-child]:left-0 [&_th:first-child]:z-10 [&_th:first-child]:bg-slate-50"
    >
      {children}
    </div>
  );
}

import type { ReactNode } from "react";

/**
 * The queue's columns: the overview across the top, then the saved views beside the working list
 * on a wide screen, above it on a phone (in that order in the page, so reading order matches).
 */
export function QueueLayout({ top, side, children }: { top: ReactNode; side: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-3 sm:space-y-4 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-x-6 lg:gap-y-4 lg:space-y-0">
      <div className="space-y-3 sm:space-y-4 lg:col-span-2">{top}</div>
      {side}
      <div className="min-w-0 space-y-3 sm:space-y-4">{children}</div>
    </div>
  );
}

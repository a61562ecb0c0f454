"use client";
import { useRef, useState } from "react";
import type { QueueItem } from "@/lib/review/model/review-schemas";

/**
 * The items the moderator selected, by id, across every loaded page; a shift-click selects the
 * range from the last item clicked, in the order shown. With every loaded item selected, the
 * moderator may take the whole view instead (`wholeView`, until anything else changes the selection).
 */
export function useSelection(shown: readonly QueueItem[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [wholeView, setWholeView] = useState(false);
  const anchor = useRef<string | null>(null);
  const items = shown.filter((i) => selected.has(i.id));

  function toggle(id: string, range: boolean) {
    setWholeView(false);
    const from = anchor.current === null ? -1 : shown.findIndex((i) => i.id === anchor.current);
    const to = shown.findIndex((i) => i.id === id);
    setSelected((prev) => {
      const next = new Set(prev);
      if (range && from >= 0 && to >= 0) {
        for (const item of shown.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(item.id);
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    anchor.current = id;
  }

  const allShown = shown.length > 0 && items.length === shown.length;
  return {
    items,
    has: (id: string) => selected.has(id),
    allShown,
    wholeView: wholeView && allShown,
    toggle,
    selectAllShown: () => setSelected(new Set(shown.map((i) => i.id))),
    takeWholeView: () => setWholeView(true),
    clear() {
      setWholeView(false);
      setSelected(new Set());
    },
  };
}

export type Selection = ReturnType<typeof useSelection>;

"use client";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from "react";
import { RowContent, focusWhenMounted, isMounted, listBox, rowKey, type FocusRequest, type QueueRowsProps } from "./queue-rows";

/**
 * A long queue as one virtualized list on the page's own scroll: only the rows near the viewport
 * are in the DOM, so thousands of items stay smooth. Rendered in the browser only (QueueList).
 */
/** Rows from the end at which the next page is asked for, so it is usually in before the moderator gets there. */
const NEAR_END_ROWS = 10;

export function VirtualQueueRows({ rows, label, focusRequest, complete, renderItem, onNearEnd }: QueueRowsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The list starts below the overview and toolbar, whose height changes (errors, results, wrapping).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.kind === "group" ? 64 : 150),
    getItemKey: (index) => {
      const row = rows[index];
      return row ? rowKey(row) : index;
    },
    overscan: 6,
    scrollMargin,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });

  const focusRow = useEffectEvent((request: FocusRequest) => {
    // A row outside the rendered window is scrolled to first, then focused once it has mounted.
    if (!isMounted(request)) {
      const index = rows.findIndex((row) => row.kind === "item" && row.item.id === request.id);
      if (index < 0) return undefined;
      virtualizer.scrollToIndex(index, { align: "start" });
    }
    return focusWhenMounted(request);
  });

  useEffect(() => {
    if (focusRequest) return focusRow(focusRequest);
  }, [focusRequest]);

  const virtualItems = virtualizer.getVirtualItems();
  const lastRendered = virtualItems.at(-1)?.index ?? 0;
  useEffect(() => {
    if (lastRendered >= rows.length - NEAR_END_ROWS) onNearEnd?.();
  }, [lastRendered, rows.length, onNearEnd]);

  return (
    <div
      ref={listRef}
      role="list"
      aria-label={label}
      aria-busy={complete ? undefined : true}
      className={`relative overflow-hidden ${listBox}`}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualItems.map((virtual) => {
        const row = rows[virtual.index];
        if (!row) return null;
        return (
          <div
            key={virtual.key}
            role="listitem"
            data-index={virtual.index}
            ref={virtualizer.measureElement}
            aria-setsize={rows.length}
            aria-posinset={virtual.index + 1}
            className="absolute top-0 left-0 w-full"
            style={{ transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)` }}
          >
            <RowContent row={row} renderItem={renderItem} />
          </div>
        );
      })}
    </div>
  );
}

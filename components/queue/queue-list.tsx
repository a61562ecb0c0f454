"use client";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import type { SenderGroup } from "@/lib/review/group-by-sender";
import type { QueueItem } from "@/lib/review/review-schemas";
import { DeactivatedBadge } from "./person-summary";

/** A group row's key is unique even if a sender's items are ever split (a group per first item). */
export type QueueRow = { kind: "group"; group: SenderGroup; key: string } | { kind: "item"; item: QueueItem };

/** Which element of which item should take focus (the keyboard flow moves focus with the cursor). */
export type FocusRequest = { id: string; target: "row-toggle" | "note-input"; seq: number };

const rowKey = (row: QueueRow) => (row.kind === "group" ? row.key : row.item.id);

/**
 * The queue as one virtualized list on the page's own scroll: only the rows near the viewport
 * are in the DOM, so thousands of items stay smooth. The first rows render on the server (the
 * initial viewport is assumed), so they are in the first HTML.
 */
export function QueueList({ rows, label, focusRequest, renderItem }: { rows: QueueRow[]; label: string; focusRequest: FocusRequest | null; renderItem: (item: QueueItem) => ReactNode }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The list starts below the overview and toolbar, whose height changes (errors, results, wrapping).
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(() => setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY)));
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
    initialRect: { width: 1280, height: 1000 },
    initialOffset: 0,
  });

  const focusRow = useEffectEvent((request: FocusRequest) => {
    const selector = `[data-${request.target}="${CSS.escape(request.id)}"]`;
    const mounted = document.querySelector<HTMLElement>(selector);
    // A mounted row scrolls itself into view as it takes focus; another is scrolled to first.
    if (mounted) {
      mounted.focus();
      return undefined;
    }
    const index = rows.findIndex((row) => row.kind === "item" && row.item.id === request.id);
    if (index < 0) return undefined;
    virtualizer.scrollToIndex(index, { align: "start" });
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      const element = document.querySelector<HTMLElement>(selector);
      if (element) element.focus();
      else if (tries++ < 20) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  });

  useEffect(() => {
    if (focusRequest) return focusRow(focusRequest);
  }, [focusRequest]);

  return (
    <div ref={listRef} role="list" aria-label={label} className="relative overflow-hidden rounded-lg border border-slate-200 bg-white" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((virtual) => {
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
            {row.kind === "group" ? <GroupHeader group={row.group} /> : renderItem(row.item)}
          </div>
        );
      })}
    </div>
  );
}

function GroupHeader({ group }: { group: SenderGroup }) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-100 px-4 py-3">
      <Avatar src={group.sender.avatar} name={group.sender.name} size="sm" />
      <h2 className="text-sm font-semibold break-all">{group.sender.name}</h2>
      <span className="font-mono text-xs text-slate-600">{group.sender.uid}</span>
      {group.sender.deactivated && <DeactivatedBadge />}
      <span className="ml-auto text-xs font-medium text-slate-700">
        {group.messageCount} {group.messageCount === 1 ? "message" : "messages"} · {group.flagCount} {group.flagCount === 1 ? "flag" : "flags"}
      </span>
    </div>
  );
}

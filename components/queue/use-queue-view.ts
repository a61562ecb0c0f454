"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";
import { parseQueueView, queueViewToSearch, type QueueView } from "@/lib/review/model/queue-view";

/** How many of our own address writes are remembered to recognise their (possibly late) echo. */
const REMEMBERED_WRITES = 50;

/**
 * The queue's view, kept in the URL. The view lives in state so a keystroke or a click shows at
 * once; every change is written to the address with history.replaceState (no server render, no
 * history entry per keystroke). Next reports those writes back through useSearchParams, possibly
 * late; an address that is not one of ours (a link to "/?sender=…") replaces the view.
 */
export function useQueueView(): [QueueView, (patch: Partial<QueueView>) => void] {
  const params = useSearchParams();
  const pathname = usePathname();
  const search = params.toString() ? `?${params.toString()}` : "";
  const [state, setState] = useState(() => ({ search, view: parseQueueView(params), written: [search] }));
  if (state.search !== search) {
    setState({ ...state, search, view: state.written.includes(search) ? state.view : parseQueueView(params) });
  }
  const setView = (patch: Partial<QueueView>) => {
    const view = { ...state.view, ...patch };
    const written = queueViewToSearch(view);
    window.history.replaceState(null, "", `${pathname}${written}`);
    setState((prev) => ({ ...prev, view, written: [...prev.written.slice(-REMEMBERED_WRITES + 1), written] }));
  };
  return [state.view, setView];
}

"use client";
import { useQueryStates } from "nuqs";
import { queueViewParams, queueViewUrlKeys, type QueueView } from "@/lib/review/model/queue-view";

/**
 * The queue's view, kept in the URL with the page's one declaration of its parameters. A keystroke
 * or a click shows at once; the address follows with history.replaceState (no server render, no
 * history entry per keystroke), and an address that is not the view's own (a link to "/?sender=…")
 * replaces it.
 */
export function useQueueView(): [QueueView, (patch: Partial<QueueView>) => void] {
  const [view, setView] = useQueryStates(queueViewParams, { urlKeys: queueViewUrlKeys, history: "replace" });
  return [view, (patch) => void setView(patch)];
}

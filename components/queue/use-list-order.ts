"use client";
import { useMemo, useState } from "react";
import { mergeStableOrder } from "@/lib/review/model/stable-order";
import type { QueueItem } from "@/lib/review/model/review-schemas";

/**
 * The order the moderator sees, kept while the data under it changes (lib/review/model/stable-order.ts):
 * items new among the seen ones wait in `pending` until `showNew`; a further page joins the end.
 * `isNew` marks the items that joined through showNew until the moderator reaches them. The list
 * starts in the order of `visible` as it was when the component mounted (one per view).
 */
export function useListOrder(visible: readonly QueueItem[]) {
  const [frozen, setFrozen] = useState<readonly string[]>(() => visible.map((i) => i.id));
  const [marked, setMarked] = useState<ReadonlySet<string>>(() => new Set());
  const merged = useMemo(() => mergeStableOrder(frozen, visible), [frozen, visible]);
  // Every item the moderator saw has left (decided, or a long time away): the list is what is there
  // now, all of it new, until the moderator moves in it, which makes it the order kept from then on.
  const startsOver = merged.shown.length === 0 && merged.pending.length > 0;
  const shown = startsOver ? merged.pending : merged.shown;

  return {
    shown,
    pending: startsOver ? [] : merged.pending,
    isNew: (id: string) => (startsOver ? frozen.length > 0 : marked.has(id)),
    /** The moderator reached an item: it is no longer new. */
    seen(id: string) {
      if (startsOver) {
        setFrozen(shown.map((i) => i.id));
        setMarked(frozen.length > 0 ? new Set(shown.map((i) => i.id).filter((x) => x !== id)) : new Set());
      } else if (marked.has(id)) {
        setMarked((prev) => new Set([...prev].filter((x) => x !== id)));
      }
    },
    showNew() {
      setMarked((prev) => new Set([...prev, ...merged.pending.map((i) => i.id)]));
      setFrozen(visible.map((i) => i.id));
    },
  };
}

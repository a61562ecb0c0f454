"use client";
import { Suspense, lazy, useEffect, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { RowContent, focusWhenMounted, listBox, rowKey, type QueueRowsProps } from "./queue-rows";

// The virtualizer (about 10 kB compressed) loads after the page has painted and hydrated its first rows.
const VirtualQueueRows = lazy(() => import("./virtual-queue-rows").then((m) => ({ default: m.VirtualQueueRows })));

/** The rows the server renders: a few screens' worth, in the first HTML. */
const FIRST_ROWS = 20;

/**
 * The queue's rows. The server renders the first FIRST_ROWS of them, so they are in the first
 * HTML and painted at once; a list that is longer is then virtualized in the browser, on the
 * page's own scroll (only the rows near the viewport in the DOM, so thousands stay smooth).
 */
export function QueueList(props: QueueRowsProps) {
  const hydrated = useHydrated();
  // Once virtualized, a list stays so: a search that shortens it does not remount every row.
  const [virtualized, setVirtualized] = useState(false);
  if (hydrated && !virtualized && props.rows.length > FIRST_ROWS) setVirtualized(true);
  const firstRows = (busy: boolean) => <WholeRows {...props} rows={props.rows.slice(0, FIRST_ROWS)} setSize={props.rows.length} busy={busy} />;
  if (!virtualized) return firstRows(false);
  return (
    // The rows are replaced once the virtualizer's code is in: busy until then.
    <Suspense fallback={firstRows(true)}>
      <VirtualQueueRows {...props} />
    </Suspense>
  );
}

/** Rows in the page's flow: a whole short list, or the first rows of a long one until it is virtualized. */
function WholeRows({ rows, label, focusRequest, complete, renderItem, onNearEnd, setSize, busy }: QueueRowsProps & { setSize: number; busy: boolean }) {
  useEffect(() => {
    if (focusRequest) return focusWhenMounted(focusRequest);
  }, [focusRequest]);
  // A whole short list has its end on screen.
  useEffect(() => {
    if (rows.length === setSize) onNearEnd?.();
  }, [rows.length, setSize, onNearEnd]);
  return (
    <div role="list" aria-label={label} aria-busy={complete && !busy ? undefined : true} className={listBox}>
      {rows.map((row, index) => (
        <div key={rowKey(row)} role="listitem" aria-setsize={setSize} aria-posinset={index + 1}>
          <RowContent row={row} renderItem={renderItem} />
        </div>
      ))}
    </div>
  );
}

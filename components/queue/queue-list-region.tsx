"use client";
import { useMemo, useState, type RefObject } from "react";
import { useToast } from "@/components/ui/toaster";
import { useReportPresence } from "@/lib/queries/queue-live";
import { formatNumber } from "@/lib/format/intl";
import type { QueueCommand } from "@/lib/review/model/keyboard-shortcuts";
import { isOverdue, type OverdueRule } from "@/lib/review/model/overdue";
import { groupKeyOf } from "@/lib/review/model/queue-groups";
import { CLEARED_FILTERS, isFiltered, matchesView, queueViewToSearch, searchableText, type QueueGroup, type QueueView } from "@/lib/review/model/queue-view";
import type { QueueItem, ReviewCommand, SenderGroupSize } from "@/lib/review/model/review-schemas";
import type { ReviewActor } from "@/lib/review/model/transitions";
import type { MediaShieldView } from "@/lib/wellbeing/model/effective-preferences";
import { BulkBar } from "./bulk-bar";
import type { QueueDialogEvent } from "./queue-dialogs";
import { QueueEmpty } from "./queue-empty";
import { QueueItemRow } from "./queue-item-row";
import { QueueList } from "./queue-list";
import type { PresentStaff } from "./queue-presence";
import type { FocusRequest, QueueRow } from "./queue-rows";
import type { PinAs, QueueActions } from "./use-queue-actions";
import { useListOrder } from "./use-list-order";
import { useQueueKeyboard } from "./use-queue-keyboard";
import { useSelection } from "./use-selection";

const withoutId = (set: ReadonlySet<string>, id: string) => new Set([...set].filter((x) => x !== id));
const toggled = (set: ReadonlySet<string>, id: string) => (set.has(id) ? withoutId(set, id) : new Set([...set, id]));

/** Rows of items, with a header before each group's items when grouped (the sizes are the server's, over the whole view). */
function buildRows(items: readonly QueueItem[], by: QueueGroup, groups: ReadonlyMap<string, SenderGroupSize>): QueueRow[] {
  if (by === "none") return items.map((item) => ({ kind: "item", item }));
  const rows: QueueRow[] = [];
  let current: string | undefined;
  for (const item of items) {
    const key = groupKeyOf(item, by);
    if (key !== current) {
      const size = groups.get(key) ?? { messageCount: 0, flagCount: 0 };
      const group = by === "sender" ? { by, sender: item.sender, ...size } : { by, group: item.group, ...size };
      rows.push({ kind: "group", group, key: `group:${item.id}` });
    }
    current = key;
    rows.push({ kind: "item", item });
  }
  return rows;
}

export type MoreRows = { has: boolean; loading: boolean; load: () => void };

/**
 * The working list of one view: its order kept while data changes, the cursor and the keyboard,
 * selection and bulk actions, the rows and more of them as the moderator goes down. Mounted once
 * per view (its key), so a new view starts with its own order, cursor and selection.
 */
export function QueueListRegion({
  me,
  view,
  items,
  groups,
  total,
  more,
  busy,
  rule,
  target,
  othersOn,
  shield,
  actions,
  dialog,
  searchRef,
  onFilter,
}: {
  me: ReviewActor;
  /** The view these items are of. */
  view: QueueView;
  items: readonly QueueItem[];
  groups: ReadonlyMap<string, SenderGroupSize>;
  /** Items in the view over the whole queue (the summary's count), once known. */
  total: number | undefined;
  more: MoreRows;
  /** The list is of the previous view while the next one loads. */
  busy: boolean;
  rule: OverdueRule;
  target: string;
  othersOn: ReadonlyMap<string, PresentStaff[]>;
  /** How media is shown until the moderator reveals an item's. */
  shield: MediaShieldView;
  actions: QueueActions;
  dialog: (event: QueueDialogEvent) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  onFilter: (patch: Partial<QueueView>) => void;
}) {
  const toast = useToast();
  const order = useListOrder(items);
  const { shown, pending } = order;
  const selection = useSelection(shown);
  const rows = useMemo(() => buildRows(shown, view.group, groups), [shown, view.group, groups]);

  // `awaited`: the keyboard went past the last loaded row; the cursor lands there once the next page is in.
  const [cursor, setCursor] = useState<{ id: string | null; index: number; awaited?: true }>({ id: null, index: 0 });
  const found = cursor.id === null ? -1 : shown.findIndex((i) => i.id === cursor.id);
  // When the item under the cursor leaves the view, the one that took its place gets the cursor.
  const cursorIndex = found >= 0 ? found : Math.max(0, Math.min(cursor.index, shown.length - 1));
  const cursorItem = shown[cursorIndex];
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const requestFocus = (id: string, focusTarget: FocusRequest["target"]) => setFocusRequest((prev) => ({ id, target: focusTarget, seq: (prev?.seq ?? 0) + 1 }));
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // Kept here, not in the row: a row scrolled out of the virtual list and back keeps its media as the moderator left it.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  // The item opened last is the one this moderator is on.
  useReportPresence([...expanded].at(-1) ?? null);
  // The row the keyboard went to before its page was in takes focus when it arrives (it then becomes the cursor).
  const arrived = cursor.awaited && cursor.id === null ? shown[cursor.index]?.id : undefined;
  const listFocus = useMemo<FocusRequest | null>(() => (arrived ? { id: arrived, target: "row-toggle", seq: -1 } : focusRequest), [arrived, focusRequest]);

  function moveTo(index: number) {
    const item = shown[index];
    if (!item) {
      if (index >= shown.length && more.has) {
        setCursor({ id: null, index, awaited: true });
        setFocusRequest(null);
        more.load();
      }
      return;
    }
    setCursor({ id: item.id, index });
    order.seen(item.id);
    requestFocus(item.id, "row-toggle");
  }

  function focusItem(id: string) {
    if (id === cursor.id) return;
    setCursor({ id, index: shown.findIndex((i) => i.id === id) });
    order.seen(id);
  }

  function toggleExpanded(id: string) {
    setExpanded((prev) => toggled(prev, id));
  }

  function toggleMedia(id: string) {
    setRevealed((prev) => toggled(prev, id));
  }

  /**
   * Runs a command; when the item leaves this view, the cursor (and focus, if it was on the item) moves to the next one.
   * A resolve the team requires a policy for, with none to preselect, opens the item's policy picker instead.
   */
  function perform(item: QueueItem, command: ReviewCommand) {
    actions.run(item, command, {
      onPolicyNeeded: () => {
        setExpanded((prev) => new Set([...prev, item.id]));
        requestFocus(item.id, "policy-select");
      },
      onSent: (next) => {
        if (matchesView({ ...item, ...next }, view, me.id, searchableText(item))) return;
        const index = shown.findIndex((i) => i.id === item.id);
        const following = shown[index + 1] ?? shown[index - 1];
        if (!following) return;
        setCursor({ id: following.id, index });
        const active = document.activeElement;
        if (active === document.body || active?.closest("[data-message-id]")?.getAttribute("data-message-id") === item.id) requestFocus(following.id, "row-toggle");
      },
    });
  }

  /** One item's sender is asked about only once the item is the moderator's; several senders are users, not items anyone holds. */
  function askDeactivate(targets: QueueItem[]) {
    const open = targets.filter((i) => !i.sender.deactivated);
    const [only] = open;
    if (!only) toast({ tone: "info", message: "The sender is already deactivated." });
    else if (open.length === 1) actions.afterTakeover(only, () => dialog({ type: "deactivate", items: open }));
    else dialog({ type: "deactivate", items: open, onDone: selection.clear });
  }

  /** A pin cannot be taken back, so it is confirmed first (an already pinned item just says so). */
  function askPin(item: QueueItem, as: PinAs) {
    if (item.pinnedBy) actions.pin(item, as);
    else actions.afterTakeover(item, () => dialog({ type: "pin", item, as }));
  }

  useQueueKeyboard((command: QueueCommand) => {
    if (command === "search") return searchRef.current?.focus();
    if (command === "help") return dialog({ type: "shortcuts" });
    // Past the last loaded row the keys keep counting while the next page comes.
    if (command === "next") return moveTo((cursor.awaited && cursor.id === null ? cursor.index : cursorIndex) + 1);
    if (command === "previous") return moveTo(Math.max(cursorIndex - 1, 0));
    if (command === "undo") return actions.undoLast();
    const item = cursorItem;
    if (!item) return;
    switch (command) {
      case "select":
        return selection.toggle(item.id, false);
      case "expand":
        toggleExpanded(item.id);
        return requestFocus(item.id, "row-toggle");
      case "pin":
        return askPin(item, { kind: "app" });
      case "deactivate":
        return askDeactivate([item]);
      case "resolve":
        return perform(item, "resolve");
      case "dismiss":
        return perform(item, "dismiss");
      case "claim":
        return perform(item, item.assignee?.id === me.id ? "unclaim" : "claim");
      case "media":
        return toggleMedia(item.id);
      case "note":
        setExpanded((prev) => new Set([...prev, item.id]));
        return requestFocus(item.id, "note-input");
    }
  });

  const selected = selection.items;
  const senderCount = new Set(selected.map((i) => i.sender.uid)).size;
  const shownCount = total ?? shown.length;
  const viewWide = selection.wholeView && shownCount > shown.length;
  const decideWholeView = (action: "resolve" | "dismiss") => dialog({ type: "bulk-job", action, view: queueViewToSearch(view), total: shownCount, onDone: selection.clear });

  return (
    <>
      {selected.length > 0 && (
        <BulkBar
          count={viewWide ? shownCount : selected.length}
          wholeView={viewWide}
          senderCount={senderCount}
          waitingCount={me.admin ? 0 : selected.filter((i) => i.escalation !== null).length}
          pending={actions.bulkPending || actions.deactivatePending}
          onResolve={() => (viewWide ? decideWholeView("resolve") : actions.bulkDecide(selected, "resolve", selection.clear))}
          onDismiss={() => (viewWide ? decideWholeView("dismiss") : actions.bulkDecide(selected, "dismiss", selection.clear))}
          onDeactivate={() => askDeactivate(selected)}
          onClear={selection.clear}
        />
      )}

      <div className="flex min-h-6 flex-wrap items-center gap-3 text-sm">
        {shown.length > 0 && (
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              checked={selection.allShown}
              ref={(box) => {
                if (box) box.indeterminate = selected.length > 0 && !selection.allShown;
              }}
              onChange={() => (selection.allShown ? selection.clear() : selection.selectAllShown())}
              className="h-4 w-4 accent-indigo-700"
            />
            Select all {shown.length} shown
          </label>
        )}
        {selection.allShown && shownCount > shown.length && !viewWide && (
          <button type="button" onClick={selection.takeWholeView} className="font-medium text-indigo-700 underline">
            Select all {formatNumber(shownCount)} in this view
          </button>
        )}
        <div aria-live="polite" className="contents">
          {pending.length > 0 && shown.length > 0 && (
            <button type="button" onClick={order.showNew} className="rounded-full bg-sky-700 px-3 py-0.5 text-sm font-medium text-white shadow hover:bg-sky-800">
              Show {pending.length} new {pending.length === 1 ? "item" : "items"}
            </button>
          )}
        </div>
      </div>

      {shown.length === 0 ? (
        <QueueEmpty tab={view.tab} filtered={isFiltered(view)} onClearFilters={() => onFilter(CLEARED_FILTERS)} />
      ) : (
        <QueueList
          rows={rows}
          label={`Flagged messages (${formatNumber(shownCount)})`}
          focusRequest={listFocus}
          complete={!busy}
          onNearEnd={more.has && !more.loading ? more.load : undefined}
          renderItem={(item) => (
            <QueueItemRow
              item={item}
              meId={me.id}
              isCursor={item.id === cursorItem?.id}
              isSelected={selection.has(item.id)}
              isExpanded={expanded.has(item.id)}
              isNew={order.isNew(item.id)}
              media={{ shield, revealed: revealed.has(item.id) }}
              overdueTarget={isOverdue(item, rule) ? target : null}
              othersOn={othersOn.get(item.id)}
              actions={actions}
              onCommand={perform}
              onToggleSelect={selection.toggle}
              onToggleExpanded={toggleExpanded}
              onToggleMedia={toggleMedia}
              onFocusItem={focusItem}
              onDeactivate={(item) => askDeactivate([item])}
              onPin={askPin}
              onFilter={onFilter}
            />
          )}
        />
      )}
      {shown.length > 0 && (more.has || shown.length < shownCount) && (
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
          Showing {formatNumber(shown.length)} of {formatNumber(shownCount)}.
          {more.has && (
            <button type="button" onClick={more.load} disabled={more.loading} className="font-medium text-indigo-700 underline disabled:no-underline disabled:opacity-60">
              {more.loading ? "Loading more…" : "Load more"}
            </button>
          )}
        </p>
      )}
    </>
  );
}

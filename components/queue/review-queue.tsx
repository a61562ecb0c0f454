"use client";
import { useIsMutating, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo, useRef, useState } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { lazyPart } from "@/components/ui/lazy-part";
import { useNowSeconds } from "@/components/ui/time-ago";
import { useToast } from "@/components/ui/toaster";
import { useQueueEvents, useReportPresence, type LiveStatus } from "@/lib/queries/queue-live";
import { pollUntilRecovered } from "@/lib/queries/recovery";
import { REVIEW_REFRESH_MS, reviewMutationKey, reviewQueueOptions } from "@/lib/queries/review";
import { groupBySender } from "@/lib/review/group-by-sender";
import type { QueueCommand } from "@/lib/review/keyboard-shortcuts";
import { queueOverview, type QueueOverview } from "@/lib/review/overview-stats";
import type { FirstRows } from "@/lib/review/queue-first-rows";
import { countOverdue, describeTarget, isOverdue, overdueRule } from "@/lib/review/overdue";
import {
  CLEARED_FILTERS,
  countByTab,
  escalatedFirst,
  isFiltered,
  itemsInListOrder,
  matchesView,
  queueViewToSearch,
  searchableText,
} from "@/lib/review/queue-view";
import type { QueueData } from "@/lib/review/denormalize";
import type { Viewer } from "@/lib/review/live-schemas";
import type { QueueItem, QueueResponse, ReviewCommand } from "@/lib/review/review-schemas";
import { mergeStableOrder } from "@/lib/review/stable-order";
import { applyReviewCommand, type ReviewActor } from "@/lib/review/transitions";
import type { DeactivationOutcome } from "./deactivation-result";
import { QueueEmpty } from "./queue-empty";
import { BulkBar } from "./bulk-bar";
import { LazyDeactivateSendersDialog, LazyPinConfirmDialog } from "./lazy-dialogs";
import { LazySavedViewsPanel } from "./lazy-saved-views-panel";
import { QueueItemRow } from "./queue-item-row";
import { QueueLayout } from "./queue-layout";
import { QueueList } from "./queue-list";
import { QueueOverviewStrip } from "./queue-overview-strip";
import type { FocusRequest, QueueRow } from "./queue-rows";
import { QueueSkeleton } from "./queue-skeleton";
import { QueueToolbar, type ToolbarOptions } from "./queue-toolbar";
import { useQueueActions, type PinAs } from "./use-queue-actions";
import { useQueueKeyboard } from "./use-queue-keyboard";
import { useQueueView } from "./use-queue-view";

// Parts that appear only after the moderator does something load then, not with the page. The
// bulk bar is not among them: it appears on the first selection, and arriving late it would move
// the rows under the pointer of a shift-click.
const DeactivationResult = lazyPart(() => import("./deactivation-result").then((m) => m.DeactivationResult));
const ShortcutsDialog = lazyPart(() => import("./shortcuts-dialog").then((m) => m.ShortcutsDialog));

/**
 * The moderation review queue: loading, failure and the working view. `first` is what the server
 * sends instead of a queue too large for the page (lib/review/queue-first-rows.ts): its first rows
 * are shown, and worked with, while the whole queue loads, under the whole queue's overview.
 */
export function ReviewQueue({ me, targetHours, first }: { me: ReviewActor; targetHours: number; first?: FirstRows }) {
  // A refresh answered while a change is in flight would briefly undo the optimistic update.
  const mutating = useIsMutating({ mutationKey: reviewMutationKey }) > 0;
  const live = useQueueEvents();
  // While the stream is live the server tells of every change; a failing chat service is still asked again.
  const polling = live.status === "live" ? false : REVIEW_REFRESH_MS;
  const query = useQuery({
    ...reviewQueueOptions(),
    placeholderData: first?.rows,
    refetchInterval: mutating ? false : pollUntilRecovered<QueueResponse>(polling, (data) => !data.upstream.ok),
  });
  const retry = () => void query.refetch();
  if (query.isPending) return <QueueSkeleton />;
  if (query.isError) return <QueueFailure message={query.error.message} onRetry={retry} />;
  if (!query.data.upstream.ok && query.data.data.length === 0) return <QueueFailure message={query.data.upstream.message} onRetry={retry} />;
  return (
    <QueueWorkspace
      me={me}
      targetHours={targetHours}
      response={query.data}
      complete={!query.isPlaceholderData}
      firstOverview={first?.overview}
      refreshing={query.isFetching}
      onRefresh={retry}
      live={live}
    />
  );
}

function QueueFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold">Review queue</h1>
      <ErrorState title="The flagged messages could not be loaded." error={new Error(message)} onRetry={onRetry} />
    </div>
  );
}

function toolbarOptions(items: readonly QueueItem[]): ToolbarOptions {
  const reasons = new Map<string, string>();
  const assignees = new Map<string, string>();
  const senders = new Map<string, string>();
  const flaggers = new Map<string, string>();
  for (const item of items) {
    senders.set(item.sender.uid, item.sender.name);
    if (item.assignee) assignees.set(item.assignee.id, item.assignee.name);
    for (const f of item.flags) {
      reasons.set(f.reasonId, f.reasonName);
      flaggers.set(f.uid, f.name);
    }
  }
  const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name));
  return {
    reasons: byName([...reasons].map(([id, name]) => ({ id, name }))),
    assignees: byName([...assignees].map(([id, name]) => ({ id, name }))),
    senders: byName([...senders].map(([uid, name]) => ({ uid, name }))),
    flaggers: byName([...flaggers].map(([uid, name]) => ({ uid, name }))),
  };
}

function buildRows(items: QueueItem[], grouped: boolean): QueueRow[] {
  if (!grouped) return items.map((item) => ({ kind: "item", item }));
  const groups = new Map(groupBySender(items).map((g) => [g.sender.uid, g]));
  const rows: QueueRow[] = [];
  let current: string | undefined;
  for (const item of items) {
    const group = groups.get(item.sender.uid);
    if (group && item.sender.uid !== current) rows.push({ kind: "group", group, key: `group:${item.id}` });
    current = item.sender.uid;
    rows.push({ kind: "item", item });
  }
  return rows;
}

const withoutId = (set: ReadonlySet<string>, id: string) => new Set([...set].filter((x) => x !== id));

/**
 * `complete` is false while `response` holds only the first rows: counts over the whole queue wait
 * for it. `targetHours` is REVIEW_TARGET_HOURS: open items first flagged longer ago are overdue.
 */
function QueueWorkspace({
  me,
  targetHours,
  response,
  complete,
  firstOverview,
  refreshing,
  onRefresh,
  live,
}: {
  me: ReviewActor;
  targetHours: number;
  response: QueueData;
  complete: boolean;
  firstOverview?: QueueOverview;
  refreshing: boolean;
  onRefresh: () => void;
  live: { status: LiveStatus; viewers: readonly Viewer[] };
}) {
  const toast = useToast();
  const actions = useQueueActions(me);
  const [view, setView] = useQueueView();
  // Typing stays responsive: the list follows the search a frame later when it is long.
  const deferredView = useDeferredValue(view);
  const items = response.data;
  // Items become overdue while the page is open: the rule follows a clock that moves every half minute.
  const now = useNowSeconds();
  const rule = useMemo(() => overdueRule(targetHours, now), [targetHours, now]);
  const haystacks = useMemo(() => new Map(items.map((i) => [i.id, searchableText(i)])), [items]);
  const visible = useMemo(() => {
    const list = itemsInListOrder(items, deferredView, me.id, haystacks, rule);
    return me.admin && deferredView.group === "none" ? escalatedFirst(list) : list;
  }, [items, deferredView, me.id, me.admin, haystacks, rule]);
  const overdueCount = useMemo(() => countOverdue(items, rule), [items, rule]);
  const fetchedAt = response.upstream.fetchedAt;
  const overview = useMemo(() => (!complete && firstOverview ? firstOverview : queueOverview(items, fetchedAt)), [complete, firstOverview, items, fetchedAt]);
  const target = describeTarget(targetHours);
  const counts = useMemo(() => countByTab(items, deferredView, me.id, haystacks), [items, deferredView, me.id, haystacks]);
  const options = useMemo(() => toolbarOptions(items), [items]);

  // The order the moderator sees is frozen until the view changes or they ask for the new items.
  // The whole queue arriving after its first rows is not news: it starts a new order.
  const viewKey = `${queueViewToSearch(deferredView)}${complete ? "" : "#first-rows"}`;
  const [frozen, setFrozen] = useState(() => ({ key: viewKey, ids: visible.map((i) => i.id) }));
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(() => new Set());
  if (frozen.key !== viewKey) setFrozen({ key: viewKey, ids: visible.map((i) => i.id) });
  const { shown, pending } = useMemo(() => mergeStableOrder(frozen.ids, visible), [frozen.ids, visible]);
  if (frozen.key === viewKey && shown.length === 0 && pending.length > 0) {
    setFrozen({ key: viewKey, ids: visible.map((i) => i.id) });
    if (frozen.ids.length > 0) setNewIds(new Set(pending.map((i) => i.id)));
  }
  const rows = useMemo(() => buildRows(shown, deferredView.group === "sender"), [shown, deferredView.group]);

  const [cursor, setCursor] = useState<{ id: string | null; index: number }>({ id: null, index: 0 });
  const found = cursor.id === null ? -1 : shown.findIndex((i) => i.id === cursor.id);
  // When the item under the cursor leaves the view, the one that took its place gets the cursor.
  const cursorIndex = found >= 0 ? found : Math.max(0, Math.min(cursor.index, shown.length - 1));
  const cursorItem = shown[cursorIndex];

  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const requestFocus = (id: string, target: FocusRequest["target"]) => setFocusRequest((prev) => ({ id, target, seq: (prev?.seq ?? 0) + 1 }));

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // The item opened last is the one this moderator is on.
  useReportPresence([...expanded].at(-1) ?? null);
  const othersOn = useMemo(() => {
    const byItem = new Map<string, string[]>();
    for (const v of live.viewers) if (v.staffId !== me.id) byItem.set(v.itemId, [...(byItem.get(v.itemId) ?? []), v.name]);
    return byItem;
  }, [live.viewers, me.id]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<string | null>(null);
  const [deactivating, setDeactivating] = useState<QueueItem[]>([]);
  const [pinning, setPinning] = useState<{ item: QueueItem; as: PinAs } | null>(null);
  const [outcome, setOutcome] = useState<DeactivationOutcome | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);

  const selectedItems = shown.filter((i) => selected.has(i.id));
  const selectedSenders = new Set(selectedItems.map((i) => i.sender.uid)).size;
  const deactivatingSenders = useMemo(() => [...new Map(deactivating.map((i) => [i.sender.uid, i.sender])).values()], [deactivating]);

  function moveTo(index: number) {
    const item = shown[index];
    if (!item) return;
    setCursor({ id: item.id, index });
    if (newIds.has(item.id)) setNewIds(withoutId(newIds, item.id));
    requestFocus(item.id, "row-toggle");
  }

  function focusItem(id: string) {
    if (id === cursor.id) return;
    setCursor({ id, index: shown.findIndex((i) => i.id === id) });
    if (newIds.has(id)) setNewIds(withoutId(newIds, id));
  }

  function toggleSelect(id: string, range: boolean) {
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

  function toggleExpanded(id: string) {
    setExpanded((prev) => (prev.has(id) ? withoutId(prev, id) : new Set([...prev, id])));
  }

  /** Runs a command; when the item leaves this view, the cursor (and focus, if it was on the item) moves to the next one. */
  function perform(item: QueueItem, command: ReviewCommand) {
    const outcome = applyReviewCommand(item, command, me, 0);
    if (!actions.run(item, command) || !outcome.ok) return;
    if (matchesView({ ...item, ...outcome.next }, deferredView, me.id, haystacks.get(item.id) ?? "")) return;
    const index = shown.findIndex((i) => i.id === item.id);
    const next = shown[index + 1] ?? shown[index - 1];
    if (!next) return;
    setCursor({ id: next.id, index });
    const active = document.activeElement;
    if (active === document.body || active?.closest("[data-message-id]")?.getAttribute("data-message-id") === item.id) requestFocus(next.id, "row-toggle");
  }

  function askDeactivate(targets: QueueItem[]) {
    const open = targets.filter((i) => !i.sender.deactivated);
    if (open.length === 0) toast({ tone: "info", message: "The sender is already deactivated." });
    else setDeactivating(open);
  }

  /** A pin cannot be taken back, so it is confirmed first (an already pinned item just says so). */
  function askPin(item: QueueItem, as: PinAs) {
    if (item.pinnedBy) actions.pin(item, as);
    else setPinning({ item, as });
  }

  function confirmPin() {
    if (!pinning) return;
    actions.pin(pinning.item, pinning.as);
    setPinning(null);
  }

  function confirmDeactivate() {
    const targets = deactivating;
    actions.deactivateSenders(targets, {
      onSuccess: (result) => {
        if (result.asked.length > 1) setOutcome({ ...result, names: Object.fromEntries(targets.map((i) => [i.sender.uid, i.sender.name])) });
        setSelected(new Set());
      },
      onSettled: () => setDeactivating([]),
    });
  }

  function showNew() {
    setNewIds(new Set([...newIds, ...pending.map((i) => i.id)]));
    setFrozen({ key: viewKey, ids: visible.map((i) => i.id) });
  }

  useQueueKeyboard((command: QueueCommand) => {
    if (command === "search") return searchRef.current?.focus();
    if (command === "help") return setHelpOpen(true);
    if (command === "next") return moveTo(Math.min(cursorIndex + 1, shown.length - 1));
    if (command === "previous") return moveTo(Math.max(cursorIndex - 1, 0));
    if (command === "undo") return actions.undoLast();
    const item = cursorItem;
    if (!item) return;
    switch (command) {
      case "select":
        return toggleSelect(item.id, false);
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
      case "note":
        setExpanded((prev) => new Set([...prev, item.id]));
        return requestFocus(item.id, "note-input");
    }
  });

  const allShownSelected = shown.length > 0 && selectedItems.length === shown.length;

  return (
    <QueueLayout
      top={
        <>
          <div aria-live="polite" className="contents">
            {live.status === "reconnecting" && (
              <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
                Live updates are interrupted: reconnecting… The queue refreshes every {REVIEW_REFRESH_MS / 1000} seconds meanwhile.
              </p>
            )}
          </div>
          <QueueOverviewStrip
            response={response}
            overview={overview}
            complete={complete}
            refreshing={refreshing}
            onRefresh={onRefresh}
            onFilter={(patch) => setView({ ...CLEARED_FILTERS, ...patch })}
            overdue={{ count: overdueCount, target }}
          />
        </>
      }
      side={<LazySavedViewsPanel items={items} view={view} meId={me.id} haystacks={haystacks} complete={complete} limits={response.limits} onApply={setView} />}
    >
      <QueueToolbar
        view={view}
        onChange={setView}
        counts={complete ? counts : undefined}
        options={options}
        searchRef={searchRef}
        onShowShortcuts={() => setHelpOpen(true)}
      />
      {outcome && <DeactivationResult outcome={outcome} onClose={() => setOutcome(null)} />}
      {selectedItems.length > 0 && (
        <BulkBar
          count={selectedItems.length}
          senderCount={selectedSenders}
          pending={actions.bulkPending || actions.deactivatePending}
          onResolve={() => actions.bulkDecide(selectedItems, "resolve", () => setSelected(new Set()))}
          onDismiss={() => actions.bulkDecide(selectedItems, "dismiss", () => setSelected(new Set()))}
          onDeactivate={() => askDeactivate(selectedItems)}
          onClear={() => setSelected(new Set())}
        />
      )}

      <div className="flex flex-wrap items-center gap-3 text-sm">
        {complete && shown.length > 0 && (
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              checked={allShownSelected}
              ref={(box) => {
                if (box) box.indeterminate = selectedItems.length > 0 && !allShownSelected;
              }}
              onChange={() => setSelected(allShownSelected ? new Set() : new Set(shown.map((i) => i.id)))}
              className="h-4 w-4 accent-indigo-700"
            />
            Select all {shown.length} shown
          </label>
        )}
        <div aria-live="polite" className="contents">
          {pending.length > 0 && shown.length > 0 && (
            <button type="button" onClick={showNew} className="rounded-full bg-sky-600 px-3 py-1 text-sm font-medium text-white shadow hover:bg-sky-700">
              Show {pending.length} new {pending.length === 1 ? "item" : "items"}
            </button>
          )}
        </div>
      </div>

      {shown.length === 0 ? (
        <QueueEmpty tab={deferredView.tab} filtered={isFiltered(deferredView)} onClearFilters={() => setView(CLEARED_FILTERS)} />
      ) : (
        <QueueList
          rows={rows}
          label={complete ? `Flagged messages (${shown.length})` : "Flagged messages (loading the rest)"}
          focusRequest={focusRequest}
          complete={complete}
          renderItem={(item) => (
            <QueueItemRow
              item={item}
              meId={me.id}
              isCursor={item.id === cursorItem?.id}
              isSelected={selected.has(item.id)}
              isExpanded={expanded.has(item.id)}
              isNew={newIds.has(item.id)}
              overdueTarget={isOverdue(item, rule) ? target : null}
              othersOn={othersOn.get(item.id)}
              actions={actions}
              onCommand={perform}
              onToggleSelect={toggleSelect}
              onToggleExpanded={toggleExpanded}
              onFocusItem={focusItem}
              onDeactivate={(target) => askDeactivate([target])}
              onPin={askPin}
              onFilter={(patch) => setView({ ...CLEARED_FILTERS, ...patch })}
            />
          )}
        />
      )}

      {pinning && <LazyPinConfirmDialog item={pinning.item} as={pinning.as} pending={actions.pinPending !== null} onConfirm={confirmPin} onCancel={() => setPinning(null)} />}
      {deactivatingSenders.length > 0 && (
        <LazyDeactivateSendersDialog senders={deactivatingSenders} pending={actions.deactivatePending} onConfirm={confirmDeactivate} onCancel={() => setDeactivating([])} />
      )}
      {helpOpen && <ShortcutsDialog open onClose={() => setHelpOpen(false)} />}
    </QueueLayout>
  );
}

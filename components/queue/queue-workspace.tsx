"use client";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useReducer, useRef, useState } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import { useNowSeconds } from "@/components/ui/time-ago";
import { useToast } from "@/components/ui/toaster";
import { useStartBulkJob } from "@/lib/queries/bulk-jobs";
import { myPreferencesOptions } from "@/lib/queries/preferences";
import { describeActionError, errorOf } from "@/lib/review/model/action-errors";
import { REVIEW_REFRESH_MS } from "@/lib/queries/review";
import type { LiveStatus } from "@/lib/queries/queue-live";
import type { Viewer } from "@/lib/review/model/live-schemas";
import { describeTarget, overdueRule } from "@/lib/review/model/overdue";
import { CLEARED_FILTERS, parseQueueView, type QueueView } from "@/lib/review/model/queue-view";
import type { QueueSummary } from "@/lib/review/model/review-schemas";
import type { ReviewActor } from "@/lib/review/model/transitions";
import { STRONGEST_SHIELD } from "@/lib/wellbeing/model/effective-preferences";
import type { DeactivationChoice } from "@/components/review/deactivate-senders-dialog";
import type { DeactivationOutcome } from "./deactivation-result";
import { LazyDeactivateSendersDialog, LazyPinConfirmDialog, LazyTakeoverDialog } from "./lazy-dialogs";
import { LazySavedViewsPanel } from "./lazy-saved-views-panel";
import { NO_DIALOG, nextDialog } from "./queue-dialogs";
import { QueueLayout } from "./queue-layout";
import { QueueListRegion } from "./queue-list-region";
import { QueueOverviewStrip } from "./queue-overview-strip";
import type { PresentStaff } from "./queue-presence";
import { QueueToolbar } from "./queue-toolbar";
import { useQueueActions } from "./use-queue-actions";
import type { QueueData } from "./use-queue-data";

// Parts that appear only after the moderator does something load then, not with the page.
const DeactivationResult = lazyPart(() => import("./deactivation-result").then((m) => m.DeactivationResult));
const ShortcutsDialog = lazyPart(() => import("./shortcuts-dialog").then((m) => m.ShortcutsDialog));
const BulkJobDialog = lazyPart(() => import("./bulk-job-dialog").then((m) => m.BulkJobDialog));
const BulkJobProgress = lazyPart(() => import("./bulk-job-progress").then((m) => m.BulkJobProgress));
/** Rare (the chat service sent items in a shape nobody can read): its code comes only when there are some. */
const UnreadableItems = lazyPart(() => import("./unreadable-items").then((m) => m.UnreadableItems));
const MutedReporters = lazyPart(() => import("./muted-reporters").then((m) => m.MutedReporters));
// Counts from just after the page is interactive; a reminder is minutes away at the earliest.
const BreakReminder = lazyPart(() => import("./break-reminder").then((m) => m.BreakReminder), { browserOnly: true });

/**
 * The queue's page around its list: the sync's status and the overview, the saved views, the
 * toolbar, and the dialogs. The list is one region per view (QueueListRegion, keyed by the view
 * its rows are of), so the toolbar keeps its focus while a new view loads under it.
 */
export function QueueWorkspace({
  me,
  targetHours,
  renderedAt,
  view,
  setView,
  data,
  summary,
  live,
  onRefresh,
}: {
  me: ReviewActor;
  targetHours: number;
  /** When the server read the page's data (seconds, to the half minute); undefined when it could not. */
  renderedAt: number | undefined;
  view: QueueView;
  setView: (patch: Partial<QueueView>) => void;
  data: QueueData;
  summary: QueueSummary;
  live: { status: LiveStatus; viewers: readonly Viewer[] };
  onRefresh: () => void;
}) {
  const actions = useQueueActions(me);
  // Prefetched with the page; until it is in (or if it fails), media stays hidden at its strongest and no break is counted.
  const preferences = useQuery(myPreferencesOptions()).data?.data.effective;
  // Items become overdue while the page is open: the rule follows a clock that moves every half minute.
  const now = useNowSeconds(renderedAt);
  const rule = useMemo(() => overdueRule(targetHours, now), [targetHours, now]);
  const target = describeTarget(targetHours);
  const [dialog, dispatchDialog] = useReducer(nextDialog, NO_DIALOG);
  const [outcome, setOutcome] = useState<DeactivationOutcome | null>(null);
  const startJob = useStartBulkJob();
  const [jobId, setJobId] = useState<number | null>(null);
  const toast = useToast();
  const searchRef = useRef<HTMLInputElement>(null);
  const othersOn = useMemo(() => {
    const byItem = new Map<string, PresentStaff[]>();
    for (const v of live.viewers) if (v.staffId !== me.id) byItem.set(v.itemId, [...(byItem.get(v.itemId) ?? []), { id: v.staffId, name: v.name }]);
    return byItem;
  }, [live.viewers, me.id]);

  const shownSearch = data.shownSearch ?? "";
  const shownView = useMemo(() => parseQueueView(new URLSearchParams(shownSearch)), [shownSearch]);
  const onFilter = (patch: Partial<QueueView>) => setView({ ...CLEARED_FILTERS, ...patch });
  const deactivating = dialog.kind === "deactivate" ? dialog : null;
  const deactivatingSenders = useMemo(() => [...new Map((deactivating?.items ?? []).map((i) => [i.sender.uid, i.sender])).values()], [deactivating]);

  function confirmPin() {
    if (dialog.kind !== "pin") return;
    actions.pin(dialog.item, dialog.as);
    dispatchDialog({ type: "close" });
  }

  function confirmDeactivate(choice: DeactivationChoice) {
    if (!deactivating) return;
    const targets = deactivating.items;
    actions.deactivateSenders(targets, choice, {
      onSuccess: (result) => {
        if (result.asked.length > 1) setOutcome({ ...result, names: Object.fromEntries(targets.map((i) => [i.sender.uid, i.sender.name])) });
        deactivating.onDone?.();
      },
      onSettled: () => dispatchDialog({ type: "close" }),
    });
  }

  function confirmBulkJob(policyId: number | undefined) {
    if (dialog.kind !== "bulk-job") return;
    const { action, view: jobView, onDone } = dialog;
    startJob.mutate(
      { action, view: jobView, ...(policyId === undefined ? {} : { policyId }) },
      {
        onSuccess: (job) => {
          setJobId(job.id);
          onDone?.();
        },
        onError: (error) => toast({ tone: "error", message: describeActionError(action === "resolve" ? "Resolving the view" : "Dismissing the view", errorOf(error)) }),
        onSettled: () => dispatchDialog({ type: "close" }),
      },
    );
  }

  return (
    <QueueLayout
      top={
        <>
          {/* Pinned to the screen's corner, out of the flow: a notice that comes and goes with the connection must not move the rows under the pointer. */}
          <div aria-live="polite" className="contents">
            {live.status === "reconnecting" && (
              <p className="pointer-events-none fixed right-4 bottom-4 left-4 z-40 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 shadow-md ring-1 ring-amber-200 sm:right-auto sm:max-w-md">
                Live updates are interrupted: reconnecting… The queue refreshes every {REVIEW_REFRESH_MS / 1000} seconds meanwhile.
              </p>
            )}
          </div>
          <BreakReminder minutes={preferences?.breakReminderMinutes ?? 0} />
          <QueueOverviewStrip summary={summary} refreshing={data.list.isRefetching || data.summary.isRefetching} onRefresh={onRefresh} onFilter={onFilter} target={target} />
        </>
      }
      side={<LazySavedViewsPanel view={view} onApply={setView} />}
    >
      <QueueToolbar view={view} onChange={setView} counts={summary.counts} options={summary.facets} searchRef={searchRef} onShowShortcuts={() => dispatchDialog({ type: "shortcuts" })} />
      {outcome && <DeactivationResult outcome={outcome} onClose={() => setOutcome(null)} />}
      {jobId !== null && <BulkJobProgress id={jobId} onClose={() => setJobId(null)} />}
      {summary.upstream.ok && summary.upstream.unreadable.length > 0 && <UnreadableItems items={summary.upstream.unreadable} />}
      {shownView.tab === "set_aside" && <MutedReporters admin={me.admin} />}
      <QueueListRegion
        key={shownSearch}
        me={me}
        view={shownView}
        items={data.items}
        groups={data.groups}
        total={summary.counts[shownView.tab]}
        more={{ has: data.list.hasNextPage, loading: data.list.isFetchingNextPage, load: () => void data.list.fetchNextPage({ cancelRefetch: false }) }}
        // The list's name counts the view from the summary: busy until both are the new view's.
        busy={data.list.isPlaceholderData || data.summary.isPlaceholderData}
        rule={rule}
        target={target}
        othersOn={othersOn}
        shield={preferences ?? STRONGEST_SHIELD}
        actions={actions}
        dialog={dispatchDialog}
        searchRef={searchRef}
        onFilter={onFilter}
      />

      {actions.question && (
        <LazyTakeoverDialog holder={actions.question.holder} what={`the message from ${actions.question.item.sender.name}`} onTakeOver={actions.question.takeOver} onLeave={actions.leave} />
      )}
      {dialog.kind === "pin" && (
        <LazyPinConfirmDialog item={dialog.item} as={dialog.as} pending={actions.pinPending !== null} onConfirm={confirmPin} onCancel={() => dispatchDialog({ type: "close" })} />
      )}
      {deactivatingSenders.length > 0 && (
        <LazyDeactivateSendersDialog senders={deactivatingSenders} pending={actions.deactivatePending} onConfirm={confirmDeactivate} onCancel={() => dispatchDialog({ type: "close" })} />
      )}
      {dialog.kind === "bulk-job" && (
        <BulkJobDialog
          action={dialog.action}
          total={dialog.total}
          pending={startJob.isPending}
          policy={actions.policies.forMany([])?.id}
          policyRequired={actions.policies.required}
          onConfirm={confirmBulkJob}
          onCancel={() => dispatchDialog({ type: "close" })}
        />
      )}
      {dialog.kind === "shortcuts" && <ShortcutsDialog open onClose={() => dispatchDialog({ type: "close" })} />}
    </QueueLayout>
  );
}

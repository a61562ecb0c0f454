"use client";
import { useId, useState } from "react";
import { AppLink } from "@/components/ui/app-link";
import { DECISION_EFFECTS } from "@/lib/review/model/decision-effects";
import { userHref } from "@/lib/users/user-href";
import type { QueueView } from "@/lib/review/model/queue-view";
import type { QueueItem, ReviewCommand } from "@/lib/review/model/review-schemas";
import { waitsForAdmin } from "@/lib/review/model/waits-for-admin";
import { Avatar } from "@/components/ui/avatar";
import { lazyPart } from "@/components/ui/lazy-part";
import { GroupName } from "./group-name";
import { MessageBody } from "./message-body";
import { PolicyChip } from "./policy-chip";
import { QueueBadges } from "./queue-badges";
import { QueueItemAge } from "./queue-item-age";
import { QueuePresence, type PresentStaff } from "./queue-presence";
import { rowButton } from "./queue-styles";
import type { MediaView } from "./shielded-media";
import type { PinAs, QueueActions } from "./use-queue-actions";

// The expanded part (flags, notes, all actions) loads when a row is first opened, not with the page.
const QueueItemDetails = lazyPart(() => import("./queue-item-details").then((m) => m.QueueItemDetails), {
  fallback: <p className="px-4 py-3 text-sm text-slate-500">Loading details…</p>,
});

/** Longer texts start clamped to three lines, with a way to read the rest. */
const CLAMP_CHARS = 240;
const CLAMP_LINES = 3;

/**
 * Element Timing: the benchmark reads when the first rows' text was painted. On the text, since
 * Chromium reports text against its nearest block. React passes the attribute through; its types
 * do not list it, hence the spread.
 */
const paintTiming = { elementtiming: "queue-row" };

export type QueueItemRowProps = {
  item: QueueItem;
  meId: string;
  isCursor: boolean;
  isSelected: boolean;
  isExpanded: boolean;
  isNew: boolean;
  /** The moderator's media shield, and whether they revealed this item's media. */
  media: Omit<MediaView, "onToggle">;
  /** The review target in words when the item is overdue, otherwise null. */
  overdueTarget: string | null;
  /** The other moderators who have this item open. */
  othersOn?: readonly PresentStaff[];
  actions: QueueActions;
  /** Claim, unclaim, resolve, dismiss or reopen from the row's own buttons. */
  onCommand: (item: QueueItem, command: ReviewCommand) => void;
  onToggleSelect: (id: string, range: boolean) => void;
  onToggleExpanded: (id: string) => void;
  onToggleMedia: (id: string) => void;
  onFocusItem: (id: string) => void;
  onDeactivate: (item: QueueItem) => void;
  /** Asks to pin (the workspace confirms first). */
  onPin: (item: QueueItem, as: PinAs) => void;
  onFilter: (patch: Partial<QueueView>) => void;
};

/** One flagged message: a summary with the quick decisions, and its full details when expanded. */
export function QueueItemRow(props: QueueItemRowProps) {
  const { item, meId, isCursor, isSelected, isExpanded, isNew, actions } = props;
  const titleId = useId();
  const detailsId = useId();
  const [showAll, setShowAll] = useState(false);
  const long = item.text.length > CLAMP_CHARS || item.text.split("\n").length > CLAMP_LINES;
  const reasons = [...new Map(item.flags.map((f) => [f.reasonId, f.reasonName])).values()];
  const decided = item.state !== "open";
  // The server refuses a moderator every action on an escalated item; the buttons say so up front.
  const waiting = item.escalation !== null && !actions.me.admin;
  const waitId = `${detailsId}-waits`;
  const commandButton = { className: rowButton, disabled: waiting, "aria-describedby": waiting ? waitId : undefined };

  return (
    <article
      aria-labelledby={titleId}
      aria-current={isCursor ? "true" : undefined}
      data-message-id={item.id}
      onFocusCapture={() => props.onFocusItem(item.id)}
      onMouseDown={() => props.onFocusItem(item.id)}
      className={`border-b border-l-4 border-b-slate-200 transition-colors ${isCursor ? "border-l-indigo-600" : "border-l-transparent"} ${
        isSelected ? "bg-indigo-50" : isNew ? "bg-sky-50" : "bg-white"
      }`}
    >
      <div className="flex gap-3 p-3 sm:p-4">
        <input
          type="checkbox"
          checked={isSelected}
          onChange={(event) => props.onToggleSelect(item.id, "shiftKey" in event.nativeEvent && event.nativeEvent.shiftKey === true)}
          aria-label={`Select the message from ${item.sender.name}`}
          className="mt-2 h-4 w-4 shrink-0 accent-indigo-700"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            <h3 id={titleId} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <Avatar src={item.sender.avatar} name={item.sender.name} size="sm" />
              <AppLink href={userHref(item.sender.uid)} className="font-semibold break-all text-slate-900 hover:underline">
                {item.sender.name}
              </AppLink>
              <span className="text-slate-500">
                <span aria-hidden="true">→</span>
                <span className="sr-only">to</span>
              </span>
              {item.group ? (
                <GroupName group={item.group} />
              ) : (
                <AppLink href={userHref(item.receiver.uid)} className="break-all text-slate-700 hover:underline">
                  {item.receiver.name}
                </AppLink>
              )}
            </h3>
            <QueueBadges item={item} meId={meId} isNew={isNew} overdueTarget={props.overdueTarget} />
          </div>
          {props.othersOn && <QueuePresence staff={props.othersOn} />}

          <div>
            {(item.text || item.content.kind === "text") && (
              <p {...paintTiming} className={`text-sm break-words whitespace-pre-wrap text-slate-900 ${long && !showAll ? "line-clamp-3" : ""}`}>
                {item.text || <em className="text-slate-500">(empty text message)</em>}
              </p>
            )}
            {long && (
              <button type="button" aria-expanded={showAll} onClick={() => setShowAll(!showAll)} className="mt-1 text-xs font-medium text-indigo-700 underline">
                {showAll ? "Show less" : "Show more"}
              </button>
            )}
          </div>

          <MessageBody messageId={item.id} content={item.content} senderName={item.sender.name} media={{ ...props.media, onToggle: () => props.onToggleMedia(item.id) }} />

          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
            {reasons.map((reason) => (
              <span key={reason} className="rounded bg-amber-50 px-1.5 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200">
                {reason}
              </span>
            ))}
            <PolicyChip item={item} policies={actions.policies} />
            <span>
              {item.flaggedCount} {item.flaggedCount === 1 ? "flag" : "flags"}
            </span>
            <span aria-hidden="true">·</span>
            <QueueItemAge item={item} />
          </p>

          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              data-row-toggle={item.id}
              aria-expanded={isExpanded}
              aria-controls={detailsId}
              onClick={() => props.onToggleExpanded(item.id)}
              className={rowButton}
            >
              {isExpanded ? "Hide details" : "Details"}
              <span className="sr-only"> of the message from {item.sender.name}</span>
            </button>
            <button type="button" onClick={() => props.onCommand(item, item.assignee?.id === meId ? "unclaim" : "claim")} {...commandButton}>
              {item.assignee?.id === meId ? "Unclaim" : "Claim"}
            </button>
            {decided ? (
              <button type="button" onClick={() => props.onCommand(item, "reopen")} {...commandButton}>
                Reopen
              </button>
            ) : (
              <>
                <button type="button" onClick={() => props.onCommand(item, "resolve")} {...commandButton} title={DECISION_EFFECTS.resolve}>
                  Resolve
                </button>
                <button type="button" onClick={() => props.onCommand(item, "dismiss")} {...commandButton} title={DECISION_EFFECTS.dismiss}>
                  Dismiss
                </button>
              </>
            )}
          </div>
          {waiting && (
            <p id={waitId} className="text-xs text-orange-900">
              {waitsForAdmin(item.escalation?.by?.name)}
            </p>
          )}

          <div id={detailsId} hidden={!isExpanded}>
            {isExpanded && (
              <QueueItemDetails
                item={item}
                meId={meId}
                actions={actions}
                onDeactivate={props.onDeactivate}
                onPin={props.onPin}
                onFilter={props.onFilter}
                onClose={() => props.onToggleExpanded(item.id)}
              />
            )}
          </div>
        </div>
      </div>
    </article>
  );
}

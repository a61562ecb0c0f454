"use client";
import { useId, useState, type RefObject } from "react";
import { PhoneDisclosureButton, usePhoneDisclosure } from "@/components/ui/phone-disclosure";
import { CLEARED_FILTERS, DEFAULT_VIEW, QUEUE_TABS, isFiltered, type ConversationKind, type QueueGroup, type QueueSort, type QueueTab, type QueueView } from "@/lib/review/model/queue-view";

const tabLabels: Record<QueueTab, string> = { open: "Open", escalated: "Escalated", resolved: "Resolved", dismissed: "Dismissed", all: "All" };
const sortLabels: Record<QueueSort, string> = { priority: "Priority", newest: "Newest flag", oldest: "Oldest flag", flags: "Most flags", overdue: "Oldest overdue first" };
const groupLabels: Record<QueueGroup, string> = {
  none: "Nothing",
  sender: "Sender (repeat offenders first)",
  conversation: "Conversation (each group, and direct messages)",
};

const field = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
const labelText = "text-xs font-medium text-slate-700";

export type ToolbarOptions = {
  reasons: { id: string; name: string }[];
  assignees: { id: string; name: string }[];
  senders: { uid: string; name: string }[];
  flaggers: { uid: string; name: string }[];
};

/** Tabs per review state with their counts (once known), search, sort, filters and grouping; all of it lives in the URL. */
export function QueueToolbar({
  view,
  onChange,
  counts,
  options,
  searchRef,
  onShowShortcuts,
}: {
  view: QueueView;
  onChange: (patch: Partial<QueueView>) => void;
  counts: Record<QueueTab, number> | undefined;
  options: ToolbarOptions;
  searchRef: RefObject<HTMLInputElement | null>;
  onShowShortcuts: () => void;
}) {
  const id = useId();
  const [showMore, setShowMore] = useState(false);
  // A filter that is set stays visible, wherever it was set from (a click in an item sets them too).
  const moreActive = Boolean(view.assignee || view.sender || view.flagger || view.conversation || view.kind);
  const moreOpen = showMore || moreActive;
  const filters = usePhoneDisclosure();
  const setCount = [view.sort !== DEFAULT_VIEW.sort, Boolean(view.reason), moreActive, view.group !== "none"].filter(Boolean).length;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-2 sm:space-y-3 sm:p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label="Review state" className="flex flex-wrap gap-1">
          {QUEUE_TABS.map((tab) => (
            <button
              key={tab}
              type="button"
              aria-pressed={view.tab === tab}
              onClick={() => onChange({ tab })}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${view.tab === tab ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {tabLabels[tab]} {counts && <span className={view.tab === tab ? "text-slate-300" : "text-slate-500"}>{counts[tab]}</span>}
            </button>
          ))}
        </div>
        <button type="button" onClick={onShowShortcuts} className="rounded-md px-2 py-1 text-sm text-slate-700 underline hover:bg-slate-100 max-sm:hidden">
          Keyboard shortcuts <kbd className="rounded border border-slate-300 px-1 font-mono text-xs">?</kbd>
        </button>
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-q`} className={`${labelText} max-sm:sr-only`}>
            Search messages and names <kbd className="rounded border border-slate-300 px-1 font-mono text-xs">/</kbd>
          </label>
          <input
            ref={searchRef}
            id={`${id}-q`}
            type="search"
            value={view.q}
            maxLength={200}
            placeholder="Search messages and names"
            onChange={(event) => onChange({ q: event.target.value })}
            onKeyDown={(event) => {
              // Escape hands the keys back to the queue's shortcuts, keeping the search (the field's own button clears it).
              if (event.key === "Escape") {
                event.preventDefault();
                event.currentTarget.blur();
              }
            }}
            className={field}
          />
        </div>
        <PhoneDisclosureButton open={filters.open} controls={`${id}-sort-box ${id}-reason-box ${id}-rest`} onToggle={filters.toggle}>
          Sort and filters{setCount > 0 ? ` (${setCount} set)` : ""}
        </PhoneDisclosureButton>
        <div id={`${id}-sort-box`} className={filters.hiddenOnPhone}>
          <label htmlFor={`${id}-sort`} className={labelText}>
            Sort by
          </label>
          <select id={`${id}-sort`} value={view.sort} onChange={(event) => onChange({ sort: event.target.value as QueueSort })} className={field}>
            {Object.entries(sortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div id={`${id}-reason-box`} className={filters.hiddenOnPhone}>
          <label htmlFor={`${id}-reason`} className={labelText}>
            Reason
          </label>
          <select id={`${id}-reason`} value={view.reason} onChange={(event) => onChange({ reason: event.target.value })} className={field}>
            <option value="">Any reason</option>
            {options.reasons.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
            {view.reason && !options.reasons.some((r) => r.id === view.reason) && <option value={view.reason}>{view.reason}</option>}
          </select>
        </div>
      </div>

      <div id={`${id}-rest`} className={`space-y-3 ${filters.hiddenOnPhone}`}>
      {moreOpen && (
        <div id={`${id}-more`} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor={`${id}-assignee`} className={labelText}>
              Claimed by
            </label>
            <select id={`${id}-assignee`} value={view.assignee} onChange={(event) => onChange({ assignee: event.target.value })} className={field}>
              <option value="">Anyone or no one</option>
              <option value="me">Me</option>
              <option value="none">No one (unclaimed)</option>
              {options.assignees.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
              {!["", "me", "none"].includes(view.assignee) && !options.assignees.some((a) => a.id === view.assignee) && (
                <option value={view.assignee}>A staff member not in this list</option>
              )}
            </select>
          </div>
          <UidFilter label="Sender UID" value={view.sender} people={options.senders} onChange={(sender) => onChange({ sender })} />
          <UidFilter label="Flagged by UID" value={view.flagger} people={options.flaggers} onChange={(flagger) => onChange({ flagger })} />
          <div>
            <label htmlFor={`${id}-kind`} className={labelText}>
              Conversation
            </label>
            <select id={`${id}-kind`} value={view.kind} onChange={(event) => onChange({ kind: event.target.value as ConversationKind })} className={field}>
              <option value="">Direct and group</option>
              <option value="direct">Direct messages</option>
              <option value="group">Group messages</option>
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-conversation`} className={labelText}>
              Conversation id
            </label>
            <input
              id={`${id}-conversation`}
              value={view.conversation}
              maxLength={200}
              onChange={(event) => onChange({ conversation: event.target.value })}
              className={`${field} font-mono`}
            />
          </div>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {!moreActive && (
          <button type="button" aria-expanded={moreOpen} aria-controls={`${id}-more`} onClick={() => setShowMore(!showMore)} className="text-sm font-medium text-slate-800 underline">
            {moreOpen ? "Fewer filters" : "More filters: claimed by, sender, flagger, direct or group, conversation"}
          </button>
        )}
        {/* The select is as wide as its longest option: on a phone it shrinks to the row instead of widening the page. */}
        <label className="inline-flex max-w-full items-center gap-2 text-sm">
          Group by
          <select value={view.group} onChange={(event) => onChange({ group: event.target.value as QueueGroup })} className="min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
            {Object.entries(groupLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {isFiltered(view) && (
          <button type="button" onClick={() => onChange(CLEARED_FILTERS)} className="text-sm font-medium text-indigo-700 underline">
            Clear filters and search
          </button>
        )}
      </div>
      </div>
    </div>
  );
}

/** An exact-UID filter, with the UIDs the queue holds offered as suggestions. */
function UidFilter({ label, value, people, onChange }: { label: string; value: string; people: { uid: string; name: string }[]; onChange: (uid: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelText}>
        {label}
      </label>
      <input id={id} list={`${id}-list`} value={value} maxLength={200} onChange={(event) => onChange(event.target.value)} className={`${field} font-mono`} />
      <datalist id={`${id}-list`}>
        {people.map((p) => (
          <option key={p.uid} value={p.uid}>
            {p.name}
          </option>
        ))}
      </datalist>
    </div>
  );
}

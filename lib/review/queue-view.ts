import { oneOf } from "@/lib/admin/search-params";
import { groupBySender } from "./group-by-sender";
import { isOverdue, type OverdueRule } from "./overdue";
import { REVIEW_STATES } from "./states";
import type { QueueItem } from "./review-schemas";

/**
 * The moderator's view of the queue (tab, sort, filters, search, grouping), kept in the URL so a
 * view can be shared and survives a reload, and applied in the browser so typing never waits on
 * the network.
 */

/** "escalated" holds the open items handed to admins (they are in "open" too). */
export const QUEUE_TABS = ["open", "escalated", ...REVIEW_STATES.filter((s) => s !== "open"), "all"] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

export const QUEUE_SORTS = ["newest", "oldest", "flags", "overdue"] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

export const QUEUE_GROUPS = ["none", "sender"] as const;
export type QueueGroup = (typeof QUEUE_GROUPS)[number];

/** `assignee` is "me", "none" (unclaimed) or a staff id. */
export type QueueView = {
  tab: QueueTab;
  sort: QueueSort;
  group: QueueGroup;
  q: string;
  reason: string;
  sender: string;
  flagger: string;
  conversation: string;
  assignee: string;
};

export const DEFAULT_VIEW: QueueView = {
  tab: "open",
  sort: "newest",
  group: "none",
  q: "",
  reason: "",
  sender: "",
  flagger: "",
  conversation: "",
  assignee: "",
};

/** The view with every filter and the search cleared, keeping tab, sort and grouping. */
export const CLEARED_FILTERS = { q: "", reason: "", sender: "", flagger: "", conversation: "", assignee: "" } satisfies Partial<QueueView>;

/** URL parameter of each view field (stable order for the serialized URL). */
const PARAMS: Record<keyof QueueView, string> = {
  tab: "state",
  sort: "sort",
  group: "group",
  q: "q",
  reason: "reason",
  sender: "sender",
  flagger: "flagger",
  conversation: "conversation",
  assignee: "assignee",
};

const MAX_PARAM_LENGTH = 200;

/** Reads a view from URL parameters; anything unknown or malformed falls back to the default. */
export function parseQueueView(params: { get(name: string): string | null }): QueueView {
  const text = (field: keyof QueueView) => (params.get(PARAMS[field]) ?? "").slice(0, MAX_PARAM_LENGTH);
  return {
    tab: oneOf(QUEUE_TABS, params.get(PARAMS.tab), DEFAULT_VIEW.tab),
    sort: oneOf(QUEUE_SORTS, params.get(PARAMS.sort), DEFAULT_VIEW.sort),
    group: oneOf(QUEUE_GROUPS, params.get(PARAMS.group), DEFAULT_VIEW.group),
    q: text("q"),
    reason: text("reason"),
    sender: text("sender"),
    flagger: text("flagger"),
    conversation: text("conversation"),
    assignee: text("assignee"),
  };
}

/** The URL query for a view, without the fields that are at their default ("" for the default view). */
export function queueViewToSearch(view: QueueView): string {
  const params = new URLSearchParams();
  for (const field of Object.keys(PARAMS) as (keyof QueueView)[]) {
    if (view[field] !== DEFAULT_VIEW[field]) params.set(PARAMS[field], view[field]);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Whether any filter or search (beyond the tab) narrows the list. */
export function isFiltered(view: QueueView): boolean {
  return view.q !== "" || view.reason !== "" || view.sender !== "" || view.flagger !== "" || view.conversation !== "" || view.assignee !== "";
}

/** Lower case without accents, so "jose" finds "José". */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Everything free-text search looks at: the message text and every name and UID on the item. */
export function searchableText(item: QueueItem): string {
  const people = [item.sender, item.receiver, ...item.flags].flatMap((p) => [p.name, p.uid]);
  return foldText([item.text, ...people].join("\n"));
}

/** Every whitespace-separated term must appear. */
export function searchTerms(q: string): string[] {
  return foldText(q).split(/\s+/).filter(Boolean);
}

const isEscalated = (item: QueueItem) => item.state === "open" && item.escalation !== null;

function inTab(item: QueueItem, tab: QueueTab): boolean {
  if (tab === "all") return true;
  if (tab === "escalated") return isEscalated(item);
  return item.state === tab;
}

/** `terms` are searchTerms(view.q), for loops over many items to fold the search once. */
export function matchesView(item: QueueItem, view: QueueView, meId: string, haystack: string, terms = searchTerms(view.q)): boolean {
  if (!inTab(item, view.tab)) return false;
  if (view.reason && !item.flags.some((f) => f.reasonId === view.reason)) return false;
  if (view.sender && item.sender.uid !== view.sender) return false;
  if (view.flagger && !item.flags.some((f) => f.uid === view.flagger)) return false;
  if (view.conversation && item.conversationId !== view.conversation) return false;
  if (view.assignee) {
    const assigneeId = item.assignee?.id ?? null;
    const wanted = view.assignee === "me" ? meId : view.assignee === "none" ? null : view.assignee;
    if (assigneeId !== wanted) return false;
  }
  return terms.every((term) => haystack.includes(term));
}

const byId = (a: QueueItem, b: QueueItem) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

type Compare = (a: QueueItem, b: QueueItem) => number;

const newest: Compare = (a, b) => b.lastFlaggedAt - a.lastFlaggedAt || byId(a, b);
// The item whose first flag is oldest has waited longest.
const oldest: Compare = (a, b) => a.firstFlaggedAt - b.firstFlaggedAt || byId(a, b);

const comparators: Record<QueueSort, (rule: OverdueRule) => Compare> = {
  newest: () => newest,
  oldest: () => oldest,
  flags: () => (a, b) => b.flaggedCount - a.flaggedCount || b.lastFlaggedAt - a.lastFlaggedAt || byId(a, b),
  // Overdue items, longest waiting first, then the rest as "newest".
  overdue: (rule) => (a, b) => {
    const overdueA = isOverdue(a, rule);
    const overdueB = isOverdue(b, rule);
    if (overdueA !== overdueB) return overdueA ? -1 : 1;
    return overdueA ? oldest(a, b) : newest(a, b);
  },
};

/** `rule` says which items are overdue now (only the "overdue" sort looks at it). */
export function sortItems(items: readonly QueueItem[], sort: QueueSort, rule: OverdueRule): QueueItem[] {
  return [...items].sort(comparators[sort](rule));
}

/**
 * The items a view shows, in its order. `haystacks` holds searchableText per item id, built once
 * per data change so a keystroke only pays for the comparison.
 */
export function visibleItems(items: readonly QueueItem[], view: QueueView, meId: string, haystacks: ReadonlyMap<string, string>, rule: OverdueRule): QueueItem[] {
  const terms = searchTerms(view.q);
  return sortItems(
    items.filter((item) => matchesView(item, view, meId, haystacks.get(item.id) ?? searchableText(item), terms)),
    view.sort,
    rule,
  );
}

/** The items a view shows in the list's order: sorted, and when grouped by sender, group by group. */
export function itemsInListOrder(items: readonly QueueItem[], view: QueueView, meId: string, haystacks: ReadonlyMap<string, string>, rule: OverdueRule): QueueItem[] {
  const list = visibleItems(items, view, meId, haystacks, rule);
  return view.group === "sender" ? groupBySender(list).flatMap((g) => g.items) : list;
}

/** Items per tab, counting only what the other filters let through. */
export function countByTab(items: readonly QueueItem[], view: QueueView, meId: string, haystacks: ReadonlyMap<string, string>): Record<QueueTab, number> {
  const counts: Record<QueueTab, number> = { open: 0, escalated: 0, resolved: 0, dismissed: 0, all: 0 };
  const anyTab: QueueView = { ...view, tab: "all" };
  const terms = searchTerms(view.q);
  for (const item of items) {
    if (!matchesView(item, anyTab, meId, haystacks.get(item.id) ?? searchableText(item), terms)) continue;
    counts[item.state] += 1;
    if (isEscalated(item)) counts.escalated += 1;
    counts.all += 1;
  }
  return counts;
}

/** Admins see the items escalated to them first, each part in the view's own order. */
export function escalatedFirst(items: readonly QueueItem[]): QueueItem[] {
  return [...items.filter(isEscalated), ...items.filter((item) => !isEscalated(item))];
}

import { createLoader, createSerializer, parseAsStringLiteral } from "nuqs/server";
import { parseAsBoundedText } from "@/lib/url/param-parsers";
import { canonicalUid } from "@/lib/users/user-href";
import { REVIEW_STATES } from "./states";
import type { QueueItem } from "./review-schemas";

/**
 * The moderator's view of the queue (tab, sort, filters, search, grouping), kept in the URL so a
 * view can be shared and survives a reload. The database applies it to the whole queue
 * (lib/review/server/queue-query.ts); matchesView applies it to one item, for the browser to know whether
 * an item it just changed leaves the list.
 */

/** "escalated" holds the open items handed to admins (they are in "open" too). */
export const QUEUE_TABS = ["open", "escalated", ...REVIEW_STATES.filter((s) => s !== "open"), "all"] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

export const QUEUE_SORTS = ["priority", "newest", "oldest", "flags", "overdue"] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** The list ungrouped, by sender (repeat offenders), or by conversation (each group, and the direct messages). */
export const QUEUE_GROUPS = ["none", "sender", "conversation"] as const;

/** Direct messages (to a user) or group messages; "" is both. */
export const CONVERSATION_KINDS = ["", "direct", "group"] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
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
  kind: ConversationKind;
  assignee: string;
};

export const DEFAULT_VIEW: QueueView = {
  tab: "open",
  sort: "priority",
  group: "none",
  q: "",
  reason: "",
  sender: "",
  flagger: "",
  conversation: "",
  kind: "",
  assignee: "",
};

/** The view with every filter and the search cleared, keeping tab, sort and grouping. */
export const CLEARED_FILTERS = { q: "", reason: "", sender: "", flagger: "", conversation: "", kind: "", assignee: "" } satisfies Partial<QueueView>;

const MAX_PARAM_LENGTH = 200;
const text = parseAsBoundedText(MAX_PARAM_LENGTH).withDefault("");

/** The queue page's URL parameters: read by the page on the server and by useQueueView in the browser. */
export const queueViewParams = {
  tab: parseAsStringLiteral(QUEUE_TABS).withDefault(DEFAULT_VIEW.tab),
  sort: parseAsStringLiteral(QUEUE_SORTS).withDefault(DEFAULT_VIEW.sort),
  group: parseAsStringLiteral(QUEUE_GROUPS).withDefault(DEFAULT_VIEW.group),
  q: text,
  reason: text,
  sender: text,
  flagger: text,
  conversation: text,
  kind: parseAsStringLiteral(CONVERSATION_KINDS).withDefault(DEFAULT_VIEW.kind),
  assignee: text,
} satisfies Record<keyof QueueView, unknown>;

/** The tab is `state` in the address (the name links and saved views have always used). */
export const queueViewUrlKeys = { tab: "state" } as const;

/** Reads a view from URL parameters; anything unknown or malformed falls back to the default. */
export const parseQueueView: (params: URLSearchParams | Record<string, string | string[] | undefined>) => QueueView = createLoader(queueViewParams, {
  urlKeys: queueViewUrlKeys,
});

/** The URL query for a view, without the fields that are at their default ("" for the default view), in a fixed order. */
export const queueViewToSearch: (view: QueueView) => string = createSerializer(queueViewParams, { urlKeys: queueViewUrlKeys });

/** The view's filters and search alone: what the summary counts over (every tab, whatever the order). */
export function filtersOnly(view: QueueView): QueueView {
  return { ...view, tab: DEFAULT_VIEW.tab, sort: DEFAULT_VIEW.sort, group: DEFAULT_VIEW.group };
}

/** Whether any filter or search (beyond the tab) narrows the list. */
export function isFiltered(view: QueueView): boolean {
  return view.q !== "" || view.reason !== "" || view.sender !== "" || view.flagger !== "" || view.conversation !== "" || view.kind !== "" || view.assignee !== "";
}

/** Lower case without accents, so "jose" finds "José". */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Everything free-text search looks at: the message text and id, and every name and UID on the item (the command palette finds an item by its id). */
export function searchableText(item: QueueItem): string {
  // The receiver is the group for a group message, so its name is found too.
  const people = [item.sender, item.receiver, ...item.flags].flatMap((p) => [p.name, p.uid]);
  return foldText([item.text, item.id, ...people].join("\n"));
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

/** Whether the item is in the view (`haystack` is its searchableText). */
export function matchesView(item: QueueItem, view: QueueView, meId: string, haystack: string): boolean {
  if (!inTab(item, view.tab)) return false;
  if (view.reason && !item.flags.some((f) => f.reasonId === view.reason)) return false;
  // UIDs in any case name one user (the service stores them in lower case).
  if (view.sender && canonicalUid(item.sender.uid) !== canonicalUid(view.sender)) return false;
  if (view.flagger && !item.flags.some((f) => canonicalUid(f.uid) === canonicalUid(view.flagger))) return false;
  if (view.conversation && item.conversationId !== view.conversation) return false;
  if (view.kind && (item.receiverType === "group" ? "group" : "direct") !== view.kind) return false;
  if (view.assignee) {
    const assigneeId = item.assignee?.id ?? null;
    const wanted = view.assignee === "me" ? meId : view.assignee === "none" ? null : view.assignee;
    if (assigneeId !== wanted) return false;
  }
  return searchTerms(view.q).every((term) => haystack.includes(term));
}

/** Who looks at the list: "mine" filters read the id, and admins see what waits for them first. */
export type ListViewer = { id: string; admin: boolean };

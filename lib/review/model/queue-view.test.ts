import { describe, expect, it } from "vitest";
import { flagOf, person, queueItem } from "@/lib/testing/queue-items";
import { DEFAULT_VIEW, isFiltered, matchesView, parseQueueView, queueViewToSearch, searchableText, type QueueView } from "./queue-view";
import type { QueueItem } from "./review-schemas";

/**
 * The view's rules for one item, as the browser applies them to an item it changed (does it leave
 * the view?). The database applies the same rules to the whole queue (queue-query.test.ts).
 */
const ME = "staff-me";
const view = (patch: Partial<QueueView>): QueueView => ({ ...DEFAULT_VIEW, ...patch });
const show = (items: QueueItem[], v: QueueView) => items.filter((i) => matchesView(i, v, ME, searchableText(i))).map((i) => i.id);

describe("the view in the URL", () => {
  it("round-trips every field through the query string", () => {
    const v: QueueView = { tab: "resolved", sort: "flags", group: "sender", q: "spam link", reason: "r1", sender: "u1", flagger: "u2", conversation: "c1", kind: "group", assignee: "me" };
    expect(parseQueueView(new URLSearchParams(queueViewToSearch(v)))).toEqual(v);
  });

  it("round-trips the oldest overdue first sort", () => {
    const v = view({ sort: "overdue" });
    expect(queueViewToSearch(v)).toBe("?sort=overdue");
    expect(parseQueueView(new URLSearchParams(queueViewToSearch(v)))).toEqual(v);
  });

  it("writes nothing for the default view", () => {
    expect(queueViewToSearch(DEFAULT_VIEW)).toBe("");
  });

  it("falls back to the default for unknown values", () => {
    expect(parseQueueView(new URLSearchParams("state=deleted&sort=random&group=x"))).toEqual(DEFAULT_VIEW);
  });

  it("cuts overlong values", () => {
    expect(parseQueueView(new URLSearchParams({ q: "x".repeat(5000) })).q).toHaveLength(200);
  });

  it("knows when filters narrow the list", () => {
    expect(isFiltered(view({ tab: "all", sort: "flags" }))).toBe(false);
    expect(isFiltered(view({ sender: "u1" }))).toBe(true);
  });
});

describe("direct and group messages", () => {
  const group = { guid: "book-club", name: "Book club", membersCount: 12 };
  const items = [
    queueItem("d", { sender: person("ana") }),
    queueItem("g", { receiverType: "group", group, receiver: person("book-club", "Book club"), conversationId: "group_book-club" }),
  ];
  it("tells group messages from direct ones", () => {
    expect(show(items, view({ kind: "group" }))).toEqual(["g"]);
    expect(show(items, view({ kind: "direct" }))).toEqual(["d"]);
    expect(show(items, view({})).sort()).toEqual(["d", "g"]);
  });
  it("finds a group message by the group's name", () => expect(show(items, view({ q: "book club" }))).toEqual(["g"]));
  it("reads an unknown conversation kind in the URL as both", () => expect(parseQueueView(new URLSearchParams("kind=channel")).kind).toBe(""));
  it("reads grouping by conversation from the URL", () => expect(parseQueueView(new URLSearchParams("group=conversation")).group).toBe("conversation"));
});

describe("filtering", () => {
  const items = [
    queueItem("1", { sender: person("ana", "Ana Souza"), flags: [flagOf("kim", "spam", 10)], conversationId: "c1" }),
    queueItem("2", { sender: person("bo", "Bo Li"), flags: [flagOf("lee", "abuse", 20, { name: "Lee Park" })], conversationId: "c2", assignee: { id: ME, name: "Me" } }),
    queueItem("3", { sender: person("ana", "Ana Souza"), state: "resolved", flags: [flagOf("kim", "abuse", 30)], assignee: { id: "other", name: "Other" } }),
    queueItem("4", { sender: person("jo", "José Núñez"), text: "Buy CHEAP watches", state: "dismissed" }),
  ];

  it("shows open items by default", () => expect(show(items, DEFAULT_VIEW)).toEqual(["1", "2"]));
  it("shows every state on the all tab", () => expect(show(items, view({ tab: "all" })).sort()).toEqual(["1", "2", "3", "4"]));
  it("filters by state", () => expect(show(items, view({ tab: "resolved" }))).toEqual(["3"]));
  it("filters by reason id", () => expect(show(items, view({ tab: "all", reason: "abuse" })).sort()).toEqual(["2", "3"]));
  it("filters by sender UID", () => expect(show(items, view({ tab: "all", sender: "ana" })).sort()).toEqual(["1", "3"]));
  it("filters by flagger UID", () => expect(show(items, view({ tab: "all", flagger: "kim" })).sort()).toEqual(["1", "3"]));
  it("filters by a UID typed in any case, as the lower-case one", () => {
    expect(show(items, view({ tab: "all", sender: "ANA" })).sort()).toEqual(["1", "3"]);
    expect(show(items, view({ tab: "all", flagger: "Kim" })).sort()).toEqual(["1", "3"]);
  });
  it("filters by conversation", () => expect(show(items, view({ conversation: "c2" }))).toEqual(["2"]));
  it("filters items claimed by me", () => expect(show(items, view({ tab: "all", assignee: "me" }))).toEqual(["2"]));
  it("filters unclaimed items", () => expect(show(items, view({ tab: "all", assignee: "none" })).sort()).toEqual(["1", "4"]));
  it("filters by a staff member's id", () => expect(show(items, view({ tab: "all", assignee: "other" }))).toEqual(["3"]));
  it("combines filters", () => expect(show(items, view({ tab: "all", sender: "ana", reason: "abuse" }))).toEqual(["3"]));

  it("searches message text case-insensitively", () => expect(show(items, view({ tab: "all", q: "cheap" }))).toEqual(["4"]));
  it("searches names without caring about accents", () => expect(show(items, view({ tab: "all", q: "jose nunez" }))).toEqual(["4"]));
  it("searches flagger names", () => expect(show(items, view({ tab: "all", q: "lee park" }))).toEqual(["2"]));
  it("searches UIDs", () => expect(show(items, view({ tab: "all", q: "bo" }))).toEqual(["2"]));
  it("needs every search term to match", () => expect(show(items, view({ tab: "all", q: "ana cheap" }))).toEqual([]));
  it("ignores surrounding whitespace in the search", () => expect(show(items, view({ q: "  souza " }))).toEqual(["1"]));

});

describe("escalated items", () => {
  const escalation = { at: 1_700_000_000, by: { id: "s1", name: "Ana" }, note: "legal" };
  const items = [
    queueItem("calm-open"),
    queueItem("escalated-open", { escalation }),
    queueItem("escalated-resolved", { state: "resolved", escalation }),
  ];

  it("have a tab of their own holding only the open ones, which stay in the open tab too", () => {
    expect(show(items, view({ tab: "escalated" }))).toEqual(["escalated-open"]);
    expect(show(items, view({ tab: "open" }))).toEqual(["calm-open", "escalated-open"]);
  });

  it("round-trip the tab through the URL", () => {
    expect(parseQueueView(new URLSearchParams(queueViewToSearch(view({ tab: "escalated" }))))).toEqual(view({ tab: "escalated" }));
  });
});

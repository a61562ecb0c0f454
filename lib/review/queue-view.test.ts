import { describe, expect, it } from "vitest";
import { flagOf, person, queueItem } from "@/lib/testing/queue-items";
import {
  DEFAULT_VIEW,
  countByTab,
  escalatedFirst,
  isFiltered,
  parseQueueView,
  queueViewToSearch,
  searchableText,
  sortItems,
  visibleItems,
  type QueueView,
} from "./queue-view";
import { overdueRule } from "./overdue";
import type { QueueItem } from "./review-schemas";

const ME = "staff-me";
/** At second 0 with a day's target nothing in these fixtures is overdue. */
const RULE = overdueRule(24, 0);
const view = (patch: Partial<QueueView>): QueueView => ({ ...DEFAULT_VIEW, ...patch });
const haystacks = (items: QueueItem[]) => new Map(items.map((i) => [i.id, searchableText(i)]));
const ids = (items: QueueItem[]) => items.map((i) => i.id);
const show = (items: QueueItem[], v: QueueView) => ids(visibleItems(items, v, ME, haystacks(items), RULE));

describe("the view in the URL", () => {
  it("round-trips every field through the query string", () => {
    const v: QueueView = { tab: "resolved", sort: "flags", group: "sender", q: "spam link", reason: "r1", sender: "u1", flagger: "u2", conversation: "c1", assignee: "me" };
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

describe("sorting", () => {
  const items = [
    queueItem("a", { flags: [flagOf("f", "spam", 100), flagOf("g", "spam", 500)] }),
    queueItem("b", { flags: [flagOf("f", "spam", 300)] }),
    queueItem("c", { flags: [flagOf("f", "spam", 50), flagOf("g", "spam", 60), flagOf("h", "spam", 70)] }),
  ];

  it("puts the newest flag first", () => expect(ids(sortItems(items, "newest", RULE))).toEqual(["a", "b", "c"]));
  it("puts the item waiting longest first for oldest", () => expect(ids(sortItems(items, "oldest", RULE))).toEqual(["c", "a", "b"]));
  it("puts the most flagged first, newest flag breaking ties", () => expect(ids(sortItems(items, "flags", RULE))).toEqual(["c", "a", "b"]));

  describe("oldest overdue first", () => {
    const HOUR = 3600;
    const now = 100 * HOUR;
    // A 10-hour target: first flagged before hour 90 is overdue.
    const rule = overdueRule(10, now);
    const at = (id: string, firstHour: number, lastHour: number, state: QueueItem["state"] = "open") =>
      queueItem(id, { state, flags: [flagOf("f", "spam", firstHour * HOUR), flagOf("g", "spam", lastHour * HOUR)] });
    const queue = [
      at("fresh-new", 95, 99),
      at("overdue-young", 80, 99.5),
      at("fresh-old", 92, 93),
      at("overdue-oldest", 10, 98),
      at("resolved-old", 5, 97, "resolved"),
      at("overdue-mid", 50, 60),
    ];

    it("puts open overdue items first, longest waiting first, then the rest newest flag first", () => {
      expect(ids(sortItems(queue, "overdue", rule))).toEqual(["overdue-oldest", "overdue-mid", "overdue-young", "fresh-new", "resolved-old", "fresh-old"]);
    });

    it("follows the clock: the same items with nothing overdue yet are in newest order", () => {
      expect(ids(sortItems(queue, "overdue", overdueRule(10, 10 * HOUR)))).toEqual(ids(sortItems(queue, "newest", rule)));
    });
  });

  it("is stable across equal keys (by id)", () => {
    const same = [queueItem("z"), queueItem("y"), queueItem("x")];
    expect(ids(sortItems(same, "newest", RULE))).toEqual(["x", "y", "z"]);
  });

  it("does not change the input array", () => {
    const copy = [...items];
    sortItems(items, "flags", RULE);
    expect(items).toEqual(copy);
  });
});

describe("filtering", () => {
  const items = [
    queueItem("1", { sender: person("ana", "Ana Souza"), flags: [flagOf("kim", "spam", 10)], conversationId: "c1" }),
    queueItem("2", { sender: person("bo", "Bo Li"), flags: [flagOf("lee", "abuse", 20, { name: "Lee Park" })], conversationId: "c2", assignee: { id: ME, name: "Me" } }),
    queueItem("3", { sender: person("ana", "Ana Souza"), state: "resolved", flags: [flagOf("kim", "abuse", 30)], assignee: { id: "other", name: "Other" } }),
    queueItem("4", { sender: person("jo", "José Núñez"), text: "Buy CHEAP watches", state: "dismissed" }),
  ];

  it("shows open items by default", () => expect(show(items, DEFAULT_VIEW)).toEqual(["2", "1"]));
  it("shows every state on the all tab", () => expect(show(items, view({ tab: "all" })).sort()).toEqual(["1", "2", "3", "4"]));
  it("filters by state", () => expect(show(items, view({ tab: "resolved" }))).toEqual(["3"]));
  it("filters by reason id", () => expect(show(items, view({ tab: "all", reason: "abuse" })).sort()).toEqual(["2", "3"]));
  it("filters by sender UID", () => expect(show(items, view({ tab: "all", sender: "ana" })).sort()).toEqual(["1", "3"]));
  it("filters by flagger UID", () => expect(show(items, view({ tab: "all", flagger: "kim" })).sort()).toEqual(["1", "3"]));
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

  it("counts items per tab under the other filters", () => {
    expect(countByTab(items, view({ sender: "ana" }), ME, haystacks(items))).toEqual({ open: 1, escalated: 0, resolved: 1, dismissed: 0, all: 2 });
  });
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
    expect(show(items, view({ tab: "open" }))).toEqual(expect.arrayContaining(["calm-open", "escalated-open"]));
    expect(countByTab(items, DEFAULT_VIEW, ME, haystacks(items))).toMatchObject({ open: 2, escalated: 1, resolved: 1, all: 3 });
  });

  it("come first for admins, each part keeping its order", () => {
    expect(ids(escalatedFirst([items[0], queueItem("calm-2"), items[1]].filter((i) => i !== undefined)))).toEqual(["escalated-open", "calm-open", "calm-2"]);
  });

  it("round-trip the tab through the URL", () => {
    expect(parseQueueView(new URLSearchParams(queueViewToSearch(view({ tab: "escalated" }))))).toEqual(view({ tab: "escalated" }));
  });
});

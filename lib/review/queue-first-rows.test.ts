import { describe, expect, it } from "vitest";
import { storedItem } from "@/lib/testing/queue-items";
import { overdueRule } from "./overdue";
import { DEFAULT_VIEW, type QueueView } from "./queue-view";
import { FIRST_ROWS, queueFirst, queueFirstRows } from "./queue-first-rows";
import type { QueueResponse, StoredItem } from "./review-schemas";

const ME = "staff-me";
/** Nothing is overdue at second 0; see the overdue sort's own test. */
const RULE = overdueRule(24, 0);

/** Item n: newer flags for higher n, seven senders and five flaggers in turn. */
function stored(n: number, extra: Partial<StoredItem> = {}): StoredItem {
  return storedItem(`m${String(n).padStart(4, "0")}`, {
    text: `message ${n}`,
    senderUid: `sender-${n % 7}`,
    receiverUid: "receiver",
    flaggedCount: 1 + (n % 3),
    firstFlaggedAt: 1_000 + n,
    lastFlaggedAt: 2_000 + n,
    flags: [{ uid: `flagger-${n % 5}`, reasonId: n % 2 ? "spam" : "abuse", flaggedAt: 2_000 + n }],
    ...extra,
  });
}

function queue(items: StoredItem[]): QueueResponse {
  const uids = new Set(items.flatMap((i) => [i.senderUid, i.receiverUid, ...i.flags.map((f) => f.uid)]));
  return {
    data: items,
    people: Object.fromEntries([...uids, "nobody-listed"].map((uid) => [uid, { uid, name: uid.toUpperCase(), deactivated: false }])),
    reasons: { spam: { name: "Spam" }, abuse: { name: "Abuse" }, unused: { name: "Unused" } },
    totals: { open: items.length, resolved: 0, dismissed: 0 },
    limits: { open: 5000, decided: 1000 },
    upstream: { ok: true, count: 50, limit: 50, fetchedAt: 9 },
  };
}

const view = (patch: Partial<QueueView>): QueueView => ({ ...DEFAULT_VIEW, ...patch });
const ids = (response: QueueResponse) => response.data.map((i) => i.id).sort();

describe("the first rows of a large queue", () => {
  const all = queue(Array.from({ length: 600 }, (_, n) => stored(n, n === 42 ? { text: "the only message about porcupines" } : {})));

  it("holds the first rows of the view, newest flag first by default, with the totals, limits and upstream status unchanged", () => {
    const first = queueFirstRows(all, DEFAULT_VIEW, ME, RULE);
    expect(first.data).toHaveLength(FIRST_ROWS);
    expect(ids(first)).toEqual(Array.from({ length: FIRST_ROWS }, (_, k) => stored(599 - k).id).sort());
    expect({ totals: first.totals, limits: first.limits, upstream: first.upstream }).toEqual({ totals: all.totals, limits: all.limits, upstream: all.upstream });
  });

  it("follows the view in the address: sort, tab, filters and search", () => {
    expect(ids(queueFirstRows(all, view({ sort: "oldest" }), ME, RULE))).toEqual(Array.from({ length: FIRST_ROWS }, (_, k) => stored(k).id).sort());
    expect(queueFirstRows(all, view({ tab: "resolved" }), ME, RULE).data).toEqual([]);
    expect(queueFirstRows(all, view({ sender: "sender-3" }), ME, RULE).data.every((i) => i.senderUid === "sender-3")).toBe(true);
    expect(ids(queueFirstRows(all, view({ q: "porcupines" }), ME, RULE))).toEqual([stored(42).id]);
  });

  it("takes whole senders' items in order when grouped by sender", () => {
    const first = queueFirstRows(all, view({ group: "sender" }), ME, RULE);
    expect(first.data).toHaveLength(FIRST_ROWS);
    expect(new Set(first.data.map((i) => i.senderUid)).size).toBe(1);
  });

  it("names only the people and reasons its items refer to", () => {
    const first = queueFirstRows(all, view({ q: "porcupines" }), ME, RULE);
    expect(Object.keys(first.people).sort()).toEqual(["flagger-2", "receiver", "sender-0"]);
    expect(Object.keys(first.reasons)).toEqual(["abuse"]);
  });

  it("comes with the overview of the whole queue, so the top of the page shows what the whole queue will", () => {
    const { rows, overview } = queueFirst(all, view({ q: "porcupines" }), ME, RULE);
    expect(rows.data).toHaveLength(1);
    expect(overview.held).toBe(600);
    expect(overview.reasons).toEqual([
      { reasonId: "abuse", reasonName: "Abuse", count: 300 },
      { reasonId: "spam", reasonName: "Spam", count: 300 },
    ]);
    // Senders 0 to 4 have 86 messages each, 5 and 6 have 85 (their order among equals is the offenders' own rule).
    expect(overview.offenders.map((o) => [o.sender.uid, o.messageCount]).sort()).toEqual([
      ["sender-0", 86],
      ["sender-1", 86],
      ["sender-2", 86],
      ["sender-3", 86],
      ["sender-4", 86],
    ]);
    // Only names and counts: the offenders' items would be the whole queue again.
    expect(Object.keys(overview.offenders[0] ?? {}).sort()).toEqual(["flagCount", "messageCount", "sender"]);
  });
});

import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flaggedMessageSchema } from "@/lib/chat/schemas";
import { flag, flaggedMessage } from "@/lib/db/schema";
import type { ReviewState } from "@/lib/review/model/states";
import { startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { countQueueTabs, readQueuePageIds } from "./queue-query";
import { DEFAULT_VIEW, QUEUE_GROUPS, QUEUE_SORTS, QUEUE_TABS, foldText, searchTerms, type QueueTab, type QueueView } from "@/lib/review/model/queue-view";
import { syncFlaggedMessages } from "./sync";

/**
 * The queue's SQL order and filters against a plain reading of their rules (below), over a mixed
 * queue paged a few rows at a time: every page joined together is the whole view, in order, with
 * nothing twice and nothing left out.
 */

const NOW = 1_800_000_000;
const TARGET_HOURS = 24;
const HOUR = 3600;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const SENDERS = [
  ["ana", "Ana Ruiz"],
  ["bo", "Bo"],
  ["cy", "Cy Young"],
  ["dee", "Dee"],
  ["ed", "Ed"],
  ["fay", "Fay"],
  // Two senders of one name: the UID decides between their groups.
  ["fay2", "Fay"],
  ["gus", "José Gus"],
] as const;
const REASONS = ["spam", "harassment", "hate", "scam"];
const FLAGGERS = ["f1", "f2", "f3", "f4", "f5", "f6"];

type Row = {
  id: string;
  state: ReviewState;
  escalated: boolean;
  first: number;
  last: number;
  count: number;
  senderUid: string;
  senderName: string;
  assigneeId: string | null;
  group: boolean;
  conversationId: string;
  search: string;
  reasons: Set<string>;
  flaggers: Set<string>;
  priority: number;
};

function generate(count: number, staff: string[]) {
  const next = random(7);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const messages: unknown[] = [];
  const review: Pick<Row, "id" | "state" | "escalated" | "assigneeId" | "priority">[] = [];
  for (let i = 0; i < count; i++) {
    const id = `m${String(i).padStart(5, "0")}`;
    const [uid, name] = pick(SENDERS);
    const group = next() < 0.3;
    // Whole hours, so many items share a time and the id has to decide between them.
    const base = NOW - Math.floor(next() * 60) * HOUR;
    const flaggers = [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(FLAGGERS)))];
    messages.push({
      id,
      sender: uid,
      receiverType: group ? "group" : "user",
      receiver: group ? "guild" : "zed",
      conversationId: group ? "group_guild" : `${uid}_user_zed`,
      category: "message",
      type: "text",
      data: {
        text: `${pick(["hello", "buy now", "you are awful", "free money", "see you"])} ${i}`,
        entities: {
          sender: { entityType: "user", entity: { uid, name } },
          receiver: group ? { entityType: "group", entity: { guid: "guild", name: "The Guild" } } : { entityType: "user", entity: { uid: "zed", name: "Zed" } },
        },
      },
      sentAt: base - 60,
      flaggedBy: flaggers.map((f, n) => ({ uid: f, name: `Flagger ${f}`, reasonId: pick(REASONS), flaggedAt: base + n * HOUR })),
    });
    const state = pick(["open", "open", "open", "resolved", "dismissed"] as const);
    // Few distinct scores, so ties are common and the later keys have to decide.
    review.push({ id, state, escalated: state === "open" && next() < 0.15, assigneeId: next() < 0.3 ? pick(staff) : null, priority: pick([0, 10, 10, 55, 90]) });
  }
  return { messages: messages.map((m) => flaggedMessageSchema.parse(m)), review };
}

const overdueAt = (row: Row, nowSeconds: number) => row.state === "open" && row.first < (nowSeconds - TARGET_HOURS * HOUR) * 1000;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The rules as the queue states them (lib/review/model/queue-view.ts, overdue.ts), read plainly. */
function expectedOrder(rows: Row[], view: QueueView, viewer: { id: string; admin: boolean }, nowSeconds: number): string[] {
  const terms = searchTerms(view.q);
  const inTab = (r: Row, tab: QueueTab) => tab === "all" || (tab === "escalated" ? r.state === "open" && r.escalated : r.state === tab);
  const shown = rows.filter(
    (r) =>
      inTab(r, view.tab) &&
      (!view.reason || r.reasons.has(view.reason)) &&
      (!view.flagger || r.flaggers.has(view.flagger)) &&
      (!view.sender || r.senderUid === view.sender.toLowerCase()) &&
      (!view.kind || (view.kind === "group") === r.group) &&
      (!view.assignee || r.assigneeId === (view.assignee === "me" ? viewer.id : view.assignee === "none" ? null : view.assignee)) &&
      terms.every((t) => r.search.includes(t)),
  );
  const sorts: Record<QueueView["sort"], (a: Row, b: Row) => number> = {
    priority: (a, b) => b.priority - a.priority || b.last - a.last || byText(b.id, a.id),
    newest: (a, b) => b.last - a.last || byText(b.id, a.id),
    oldest: (a, b) => a.first - b.first || byText(a.id, b.id),
    flags: (a, b) => b.count - a.count || b.last - a.last || byText(b.id, a.id),
    overdue: (a, b) => {
      const [oa, ob] = [overdueAt(a, nowSeconds), overdueAt(b, nowSeconds)];
      if (oa !== ob) return oa ? -1 : 1;
      return oa ? a.first - b.first || byText(a.id, b.id) : b.last - a.last || byText(b.id, a.id);
    },
  };
  const within = sorts[view.sort];
  if (view.group !== "none") {
    // A group's key and name: its sender, or its conversation (every direct message in one).
    const key = (r: Row) => (view.group === "sender" ? `sender:${r.senderUid}` : r.group ? "group:guild" : "direct");
    const name = (r: Row) => (view.group === "sender" ? r.senderName : r.group ? "The Guild" : "Direct messages");
    const size = new Map<string, { flags: number; messages: number }>();
    for (const r of shown) {
      const s = size.get(key(r)) ?? { flags: 0, messages: 0 };
      size.set(key(r), { flags: s.flags + r.count, messages: s.messages + 1 });
    }
    const of = (r: Row) => size.get(key(r)) ?? { flags: 0, messages: 0 };
    return shown
      .sort((a, b) => of(b).flags - of(a).flags || of(b).messages - of(a).messages || byText(name(a), name(b)) || byText(key(a), key(b)) || within(a, b))
      .map((r) => r.id);
  }
  const escalatedFirst = (a: Row, b: Row) => (viewer.admin ? Number(!(a.state === "open" && a.escalated)) - Number(!(b.state === "open" && b.escalated)) : 0);
  return shown.sort((a, b) => escalatedFirst(a, b) || within(a, b)).map((r) => r.id);
}

let h: Harness;
let rows: Row[];

async function pagedIds(view: QueueView, viewer: { id: string; admin: boolean }, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 200; page++) {
    const result = await readQueuePageIds(h.db, { view, viewer, cursor, limit, nowSeconds: NOW, targetHours: TARGET_HOURS });
    ids.push(...result.ids);
    if (result.next === null) return ids;
    // A page that says more may follow always holds a full page.
    expect(result.ids).toHaveLength(limit);
    cursor = result.next;
  }
  throw new Error("the pages never ended");
}

describe.each(databaseTargets())("the queue's pages, order and counts in SQL on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    const staff = [h.staffIds.admin, h.staffIds.moderator];
    const { messages, review } = generate(150, staff);
    await syncFlaggedMessages(h.db, messages, new Date(NOW * 1000));
    for (const r of review) {
      await h.db
        .update(flaggedMessage)
        .set({ state: r.state, escalatedAt: r.escalated ? new Date() : null, assigneeId: r.assigneeId, priority: r.priority })
        .where(inArray(flaggedMessage.id, [r.id]));
    }
    const stored = await h.db.select().from(flaggedMessage);
    const flags = await h.db.select().from(flag);
    rows = stored.map((m) => ({
      id: m.id,
      state: m.state,
      escalated: m.escalatedAt !== null,
      first: m.firstFlaggedAt.getTime(),
      last: m.lastFlaggedAt.getTime(),
      count: m.flaggedCount,
      senderUid: m.senderUid,
      senderName: m.senderName,
      assigneeId: m.assigneeId,
      group: m.receiverType === "group",
      conversationId: m.conversationId,
      search: m.searchText,
      reasons: new Set(flags.filter((f) => f.messageId === m.id).map((f) => f.reasonId)),
      flaggers: new Set(flags.filter((f) => f.messageId === m.id).map((f) => f.flaggerUid)),
      priority: m.priority,
    }));
  });
  afterAll(async () => h.close());

  it("stores what the queue filters and searches by, folded once on the way in", () => {
    const gus = rows.find((r) => r.senderUid === "gus");
    expect(gus?.search).toContain(foldText("José Gus"));
    expect(gus?.search).toContain("jose gus");
    expect(rows.filter((r) => r.group).length).toBeGreaterThan(10);
  });

  for (const admin of [false, true]) {
    for (const group of QUEUE_GROUPS) {
      it(`pages through every tab and sort in order, ${group === "none" ? "ungrouped" : `grouped by ${group}`}, for ${admin ? "an admin" : "a moderator"}`, async () => {
        const viewer = { id: admin ? h.staffIds.admin : h.staffIds.moderator, admin };
        for (const tab of QUEUE_TABS) {
          for (const sort of QUEUE_SORTS) {
            const view = { ...DEFAULT_VIEW, tab, sort, group };
            expect(await pagedIds(view, viewer, 9), `${tab} by ${sort}`).toEqual(expectedOrder(rows, view, viewer, NOW));
          }
        }
      });
    }
  }

  it("filters by reason, flagger, sender, kind and assignee, and searches every term in text and names", async () => {
    const viewer = { id: h.staffIds.moderator, admin: false };
    const views: Partial<QueueView>[] = [
      { reason: "hate" },
      { flagger: "f3", tab: "all" },
      { sender: "FAY2", sort: "oldest" },
      { kind: "group", sort: "flags" },
      { kind: "direct", tab: "resolved" },
      { assignee: "me" },
      { assignee: "none", tab: "all" },
      { assignee: h.staffIds.admin, sort: "overdue" },
      { q: "JOSE buy" },
      { q: "flagger f2 guild", tab: "all" },
      { q: "nothing matches this" },
      // Found through the trigram index first, then ordered, in every order (overdue's in two stretches).
      { q: "flagger", sort: "overdue", tab: "all" },
      { q: "buy", sort: "oldest" },
      // LIKE's wildcards and escape character match only themselves.
      { q: "%", tab: "all" },
      { q: "_", tab: "all" },
      { q: "\\", tab: "all" },
    ];
    for (const patch of views) {
      const view = { ...DEFAULT_VIEW, ...patch };
      const expected = expectedOrder(rows, view, viewer, NOW);
      expect(await pagedIds(view, viewer, 4), JSON.stringify(patch)).toEqual(expected);
    }
  });

  it("counts each tab over the whole view's filters", async () => {
    const viewer = { id: h.staffIds.moderator, admin: false };
    for (const patch of [{}, { reason: "spam" }, { kind: "direct" as const }, { reason: "spam", kind: "group" as const }, { q: "money", kind: "group" as const }, { q: "%" }]) {
      const view = { ...DEFAULT_VIEW, ...patch };
      const counts = await countQueueTabs(h.db, view, viewer);
      for (const tab of QUEUE_TABS) expect(counts[tab], `${tab} ${JSON.stringify(patch)}`).toBe(expectedOrder(rows, { ...view, tab }, viewer, NOW).length);
    }
  });

  it("refuses a cursor made for another order, and one it never gave out", async () => {
    const viewer = { id: h.staffIds.moderator, admin: false };
    const first = await readQueuePageIds(h.db, { view: DEFAULT_VIEW, viewer, cursor: undefined, limit: 5, nowSeconds: NOW, targetHours: TARGET_HOURS });
    const request = { viewer, limit: 5, nowSeconds: NOW, targetHours: TARGET_HOURS };
    await expect(readQueuePageIds(h.db, { ...request, view: { ...DEFAULT_VIEW, sort: "oldest" }, cursor: first.next ?? "" })).rejects.toMatchObject({ code: "ERR_BAD_REQUEST" });
    await expect(readQueuePageIds(h.db, { ...request, view: DEFAULT_VIEW, cursor: "not-a-cursor" })).rejects.toMatchObject({ code: "ERR_BAD_REQUEST" });
    const forged = Buffer.from(JSON.stringify({ order: "newest:none:", at: NOW, segment: 0, values: ["x'; drop table flag; --"] })).toString("base64url");
    await expect(readQueuePageIds(h.db, { ...request, view: DEFAULT_VIEW, cursor: forged })).rejects.toMatchObject({ code: "ERR_BAD_REQUEST" });
  });
});

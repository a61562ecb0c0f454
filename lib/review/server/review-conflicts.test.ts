import { and, desc, eq, gt } from "drizzle-orm";
import { readWholeQueue } from "@/lib/testing/queue-pages";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, reviewUndo } from "@/lib/db/schema";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import type { BulkReviewResult, DeactivateSendersResult, StoredItem, UndoTicket } from "@/lib/review/model/review-schemas";

/** Issue 10 on the server: versions and conflicts, undo, escalation, and claiming by acting. */
let h: Harness;
let moderator: string;
let admin: string;
const routes = {
  item: () => import("@/app/api/review/items/[id]/route"),
  bulk: () => import("@/app/api/review/bulk/route"),
  undo: () => import("@/app/api/review/undo/[id]/route"),
  pin: () => import("@/app/api/messages/[id]/pin/route"),
  deactivate: () => import("@/app/api/review/deactivate-senders/route"),
};
const write = { origin: APP_URL };

async function openItems(count: number): Promise<StoredItem[]> {
  await h.sync();
  const items = (await readWholeQueue(h, moderator)).data.filter((i) => i.state === "open" && !i.assignee).slice(0, count);
  if (items.length < count) throw new Error(`${count} open, unclaimed items`);
  return items;
}

async function itemNow(id: string): Promise<StoredItem> {
  const item = (await readWholeQueue(h, moderator)).data.find((i) => i.id === id);
  if (!item) throw new Error(`item ${id}`);
  return item;
}

/** A review command; without a version in the body, decided on the item as it is now. */
async function command(id: string, body: Record<string, unknown>, cookie = moderator) {
  const version = body.version ?? (await itemNow(id)).version;
  const response = await h.call(await routes.item(), "POST", `/api/review/items/${id}`, { cookie, params: { id }, body: { ...body, version }, headers: write });
  return { status: response.status, json: (await response.json()) as { data: StoredItem; undo?: UndoTicket; error?: { code: string; message: string } } };
}

async function undo(id: number, cookie = moderator) {
  const response = await h.call(await routes.undo(), "POST", `/api/review/undo/${id}`, { cookie, params: { id: String(id) }, headers: write });
  return { status: response.status, json: (await response.json()) as { data?: { restored: string[] }; error?: { code: string; message: string } } };
}

const reviewFields = (item: StoredItem) => ({
  state: item.state,
  reopened: item.reopened,
  assignee: item.assignee,
  decidedAt: item.decidedAt,
  decidedBy: item.decidedBy,
  escalation: item.escalation,
});

describe.each(databaseTargets())("review conflicts, undo and escalation on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    moderator = await h.cookieFor("moderator");
    admin = await h.cookieFor("admin");
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    await fetch(`${h.emulator.url}/__emulator/reset`, { method: "POST" });
  });

  describe("versions", () => {
    it("refuses a command made from a stale view with 409, naming who changed the item and when, and changes nothing", async () => {
      const [item] = await openItems(1);
      if (!item) throw new Error("the test needs an item");
      expect((await command(item.id, { action: "claim", version: item.version }, admin)).status).toBe(200);
      const stale = await command(item.id, { action: "resolve", version: item.version });
      expect(stale.status).toBe(409);
      expect(stale.json.error).toEqual({
        code: "ERR_CONFLICT",
        message: expect.stringMatching(/^admin changed this item at \d\d:\d\d:\d\d UTC, after you loaded it: it is now open, claimed by admin\./),
      });
      expect(await itemNow(item.id)).toMatchObject({ state: "open", assignee: { name: "admin" }, changedBy: { name: "admin" } });
    });

    it("takes a command made on the current version, and the actor's own later change does not make their view stale", async () => {
      const [item] = await openItems(1);
      if (!item) throw new Error("the test needs an item");
      const claimed = await command(item.id, { action: "claim", version: item.version });
      expect(claimed.status).toBe(200);
      expect(claimed.json.data.version).toBe(item.version + 1);
      expect((await command(item.id, { action: "resolve", version: item.version })).status).toBe(200);
    });

    it("skips, in a bulk decision, the items changed since the moderator saw them, saying by whom", async () => {
      const items = await openItems(3);
      const [changed] = items;
      if (!changed) return;
      await command(changed.id, { action: "claim" }, admin);
      const response = await h.call(await routes.bulk(), "POST", "/api/review/bulk", {
        cookie: moderator,
        headers: write,
        body: { action: "dismiss", ids: items.map((i) => i.id), versions: Object.fromEntries(items.map((i) => [i.id, i.version])) },
      });
      const { data } = (await response.json()) as { data: BulkReviewResult };
      expect(data.updated).toEqual(items.slice(1).map((i) => i.id));
      expect(data.skipped).toEqual([{ id: changed.id, reason: expect.stringContaining("admin changed this item") }]);
    });

    it("claims an unclaimed item for whoever decides or pins it", async () => {
      const [decided, pinned] = await openItems(2);
      if (!decided || !pinned) return;
      expect((await command(decided.id, { action: "dismiss", version: decided.version })).json.data.assignee?.name).toBe("mod");
      const pin = await h.call(await routes.pin(), "POST", `/api/messages/${pinned.id}/pin`, { cookie: admin, params: { id: pinned.id }, body: { version: pinned.version }, headers: write });
      expect(pin.status).toBe(200);
      expect((await itemNow(pinned.id)).assignee?.name).toBe("admin");
    });
  });

  describe("an item a colleague holds", () => {
    it("refuses a decision on a colleague's claim with 409 naming them, changing nothing", async () => {
      const [item] = await openItems(1);
      if (!item) throw new Error("the test needs an item");
      await command(item.id, { action: "claim" });
      const refused = await command(item.id, { action: "resolve" }, admin);
      expect(refused).toMatchObject({ status: 409, json: { error: { code: "ERR_CONFLICT", message: expect.stringMatching(/^mod is on this\. /) } } });
      expect(await itemNow(item.id)).toMatchObject({ state: "open", assignee: { name: "mod" }, takenFrom: null });
    });

    it("takes the item over when the request says so, audited with whom it was taken from, and the colleague's queue shows it", async () => {
      const [item] = await openItems(1);
      if (!item) throw new Error("the test needs an item");
      await command(item.id, { action: "claim" });
      const taken = await command(item.id, { action: "dismiss", takeover: true }, admin);
      expect(taken.status).toBe(200);
      expect(taken.json.data).toMatchObject({ state: "dismissed", assignee: { name: "admin" }, takenFrom: { name: "mod" }, decidedBy: { name: "admin" } });
      expect(await itemNow(item.id)).toMatchObject({ assignee: { name: "admin" }, takenFrom: { name: "mod" } });
      const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "review.dismiss"), eq(auditLog.targetMessageId, item.id)));
      expect(audit).toEqual([
        expect.objectContaining({ outcome: "success", staffEmail: "admin@test.example", detail: expect.objectContaining({ takenFrom: { id: expect.any(String), name: "mod" } }) }),
      ]);
    });

    it("skips a colleague's items in a bulk decision, naming who is on them", async () => {
      const items = await openItems(2);
      const [held] = items;
      if (!held) return;
      await command(held.id, { action: "claim" });
      const fresh = await Promise.all(items.map((i) => itemNow(i.id)));
      const response = await h.call(await routes.bulk(), "POST", "/api/review/bulk", {
        cookie: admin,
        headers: write,
        body: { action: "resolve", ids: fresh.map((i) => i.id), versions: Object.fromEntries(fresh.map((i) => [i.id, i.version])) },
      });
      const { data } = (await response.json()) as { data: BulkReviewResult };
      expect(data.updated).toEqual(items.slice(1).map((i) => i.id));
      expect(data.skipped).toEqual([{ id: held.id, reason: expect.stringMatching(/^mod is on this\. /) }]);
      expect((await itemNow(held.id)).state).toBe("open");
    });

    it("skips a colleague's items when deactivating the senders of several, asking the chat service only about the others' senders", async () => {
      const open = await openItems(20);
      const held = open[0];
      const other = open.find((i) => i.senderUid !== held?.senderUid);
      if (!held || !other) throw new Error("two open items from different senders");
      await command(held.id, { action: "claim" });
      const versions = { [held.id]: (await itemNow(held.id)).version, [other.id]: other.version };
      const response = await h.call(await routes.deactivate(), "POST", "/api/review/deactivate-senders", { cookie: admin, headers: write, body: { ids: [held.id, other.id], versions } });
      const { data } = (await response.json()) as { data: DeactivateSendersResult };
      expect(data.asked).toEqual([other.senderUid]);
      expect(data.skipped).toEqual([{ id: held.id, reason: expect.stringMatching(/^mod is on this\. /) }]);
      expect(await itemNow(held.id)).toMatchObject({ actionTaken: "none", assignee: { name: "mod" } });
    });
  });

  describe("undo", () => {
    it("restores exactly the earlier state within the window, as a change of its own with an audit row, once", async () => {
      const [item] = await openItems(1);
      if (!item) throw new Error("the test needs an item");
      const resolved = await command(item.id, { action: "resolve", version: item.version });
      expect(resolved.json.undo).toEqual({ id: expect.any(Number), until: expect.any(Number) });
      const ticket = resolved.json.undo;
      if (!ticket) return;
      expect(ticket.until - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(9);

      expect(await undo(ticket.id)).toEqual({ status: 200, json: { data: { restored: [item.id] } } });
      const restored = await itemNow(item.id);
      expect(reviewFields(restored)).toEqual(reviewFields(item));
      expect(restored.version).toBe(item.version + 2);
      const audit = await h.db.select().from(auditLog).where(eq(auditLog.action, "review.undo"));
      expect(audit).toEqual([expect.objectContaining({ outcome: "success", targetMessageId: item.id, detail: expect.objectContaining({ undoes: "resolve" }) })]);

      expect(await undo(ticket.id)).toMatchObject({ status: 409, json: { error: { message: "This change was already undone." } } });
    });

    it("refuses an undo after the window, changing nothing", async () => {
      const [item] = await openItems(1);
      if (!item) throw new Error("an open item");
      const ticket = (await command(item.id, { action: "claim", version: item.version })).json.undo;
      if (!ticket) throw new Error("an undo ticket");
      await h.db.update(reviewUndo).set({ at: new Date(Date.now() - 30_000) }).where(eq(reviewUndo.id, ticket.id));
      expect(await undo(ticket.id)).toMatchObject({ status: 409, json: { error: { message: expect.stringContaining("10 seconds to undo this have passed") } } });
      expect((await itemNow(item.id)).assignee?.name).toBe("mod");
    });

    it("refuses an undo when someone changed the item since, naming them", async () => {
      const [item] = await openItems(1);
      if (!item) throw new Error("the test needs an item");
      const ticket = (await command(item.id, { action: "resolve", version: item.version })).json.undo;
      if (!ticket) throw new Error("an undo ticket");
      await command(item.id, { action: "reopen" }, admin);
      expect(await undo(ticket.id)).toMatchObject({ status: 409, json: { error: { message: expect.stringMatching(/^Not undone: admin changed this item/) } } });
      expect((await itemNow(item.id)).state).toBe("open");
    });

    it("keeps one moderator's undo from another", async () => {
      const [item] = await openItems(1);
      if (!item) throw new Error("the test needs an item");
      const ticket = (await command(item.id, { action: "claim" })).json.undo;
      if (!ticket) throw new Error("an undo ticket");
      expect((await undo(ticket.id, admin)).status).toBe(404);
    });

    it("undoes a bulk decision as a whole", async () => {
      const items = await openItems(3);
      const response = await h.call(await routes.bulk(), "POST", "/api/review/bulk", {
        cookie: moderator,
        headers: write,
        body: { action: "resolve", ids: items.map((i) => i.id), versions: Object.fromEntries(items.map((i) => [i.id, i.version])) },
      });
      const { data } = (await response.json()) as { data: BulkReviewResult };
      if (!data.undo) throw new Error("an undo ticket");
      expect((await undo(data.undo.id)).json.data?.restored).toEqual(items.map((i) => i.id));
      for (const item of items) expect(reviewFields(await itemNow(item.id))).toEqual(reviewFields(item));
    });
  });

  describe("escalation", () => {
    it("hands an item to admins with a required note; only an admin decides or de-escalates it, saying why", async () => {
      const [item] = await openItems(1);
      if (!item) throw new Error("an open item");
      // Earlier tests leave items open again (undone or reopened), with audit rows of their own.
      const [last] = await h.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect((await command(item.id, { action: "escalate" })).json.error?.message).toContain("needs a note");
      const escalated = await command(item.id, { action: "escalate", note: "needs an admin: possible legal issue" });
      expect(escalated.status).toBe(200);
      expect(escalated.json.data.escalation).toEqual({ at: expect.any(Number), by: { id: expect.any(String), name: "mod" }, note: "needs an admin: possible legal issue" });
      expect(escalated.json.undo).toBeUndefined();

      expect((await command(item.id, { action: "resolve", note: "fine" })).json.error?.message).toContain("waits for an admin");
      expect((await command(item.id, { action: "deescalate", note: "fine" })).status).toBe(403);
      expect((await command(item.id, { action: "resolve" }, admin)).json.error?.message).toContain("needs a note saying why");

      const back = await command(item.id, { action: "deescalate", note: "not a legal matter" }, admin);
      expect(back.json.data).toMatchObject({ state: "open", escalation: null });
      const audit = await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetMessageId, item.id), gt(auditLog.id, last?.id ?? 0)))
        .orderBy(auditLog.id);
      expect(audit.filter((a) => a.outcome === "success").map((a) => [a.action, a.staffEmail, a.detail.note])).toEqual([
        ["review.escalate", "mod@test.example", "needs an admin: possible legal issue"],
        ["review.deescalate", "admin@test.example", "not a legal matter"],
      ]);
      expect((await command(item.id, { action: "resolve" })).status).toBe(200);
    });
  });
});

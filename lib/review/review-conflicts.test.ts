import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, reviewUndo } from "@/lib/db/schema";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import type { BulkReviewResult, QueueResponse, StoredItem, UndoTicket } from "./review-schemas";

/** Issue 10 on the server: versions and conflicts, undo, escalation, and claiming by acting. */
let h: Harness;
let moderator: string;
let admin: string;
const routes = {
  queue: () => import("@/app/api/review/queue/route"),
  item: () => import("@/app/api/review/items/[id]/route"),
  bulk: () => import("@/app/api/review/bulk/route"),
  undo: () => import("@/app/api/review/undo/[id]/route"),
  pin: () => import("@/app/api/messages/[id]/pin/route"),
};
const write = { origin: APP_URL };

async function openItems(count: number): Promise<StoredItem[]> {
  const response = await h.call(await routes.queue(), "GET", "/api/review/queue", { cookie: moderator });
  const items = ((await response.json()) as QueueResponse).data.filter((i) => i.state === "open" && !i.assignee).slice(0, count);
  if (items.length < count) throw new Error(`${count} open, unclaimed items`);
  return items;
}

async function itemNow(id: string): Promise<StoredItem> {
  const response = await h.call(await routes.queue(), "GET", "/api/review/queue", { cookie: moderator });
  const item = ((await response.json()) as QueueResponse).data.find((i) => i.id === id);
  if (!item) throw new Error(`item ${id}`);
  return item;
}

async function command(id: string, body: unknown, cookie = moderator) {
  const response = await h.call(await routes.item(), "POST", `/api/review/items/${id}`, { cookie, params: { id }, body, headers: write });
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
      if (!item) return;
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
      if (!item) return;
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
      const pin = await h.call(await routes.pin(), "POST", `/api/messages/${pinned.id}/pin`, { cookie: admin, params: { id: pinned.id }, headers: write });
      expect(pin.status).toBe(200);
      expect((await itemNow(pinned.id)).assignee?.name).toBe("admin");
    });
  });

  describe("undo", () => {
    it("restores exactly the earlier state within the window, as a change of its own with an audit row, once", async () => {
      const [item] = await openItems(1);
      if (!item) return;
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
      if (!item) return;
      const ticket = (await command(item.id, { action: "claim", version: item.version })).json.undo;
      if (!ticket) throw new Error("an undo ticket");
      await h.db.update(reviewUndo).set({ at: new Date(Date.now() - 30_000) }).where(eq(reviewUndo.id, ticket.id));
      expect(await undo(ticket.id)).toMatchObject({ status: 409, json: { error: { message: expect.stringContaining("10 seconds to undo this have passed") } } });
      expect((await itemNow(item.id)).assignee?.name).toBe("mod");
    });

    it("refuses an undo when someone changed the item since, naming them", async () => {
      const [item] = await openItems(1);
      if (!item) return;
      const ticket = (await command(item.id, { action: "resolve", version: item.version })).json.undo;
      if (!ticket) throw new Error("an undo ticket");
      await command(item.id, { action: "reopen" }, admin);
      expect(await undo(ticket.id)).toMatchObject({ status: 409, json: { error: { message: expect.stringMatching(/^Not undone: admin changed this item/) } } });
      expect((await itemNow(item.id)).state).toBe("open");
    });

    it("keeps one moderator's undo from another", async () => {
      const [item] = await openItems(1);
      if (!item) return;
      const ticket = (await command(item.id, { action: "claim" })).json.undo;
      if (!ticket) throw new Error("an undo ticket");
      expect((await undo(ticket.id, admin)).status).toBe(404);
    });

    it("undoes a bulk decision as a whole", async () => {
      const items = await openItems(3);
      const response = await h.call(await routes.bulk(), "POST", "/api/review/bulk", { cookie: moderator, headers: write, body: { action: "resolve", ids: items.map((i) => i.id) } });
      const { data } = (await response.json()) as { data: BulkReviewResult };
      if (!data.undo) throw new Error("an undo ticket");
      expect((await undo(data.undo.id)).json.data?.restored).toEqual(items.map((i) => i.id));
      for (const item of items) expect(reviewFields(await itemNow(item.id))).toEqual(reviewFields(item));
    });
  });

  describe("escalation", () => {
    it("hands an item to admins with a required note; only an admin decides or de-escalates it, saying why", async () => {
      const [item] = await openItems(1);
      if (!item) return;
      expect((await command(item.id, { action: "escalate" })).json.error?.message).toContain("needs a note");
      const escalated = await command(item.id, { action: "escalate", note: "needs an admin: possible legal issue" });
      expect(escalated.status).toBe(200);
      expect(escalated.json.data.escalation).toEqual({ at: expect.any(Number), by: { id: expect.any(String), name: "mod" }, note: "needs an admin: possible legal issue" });
      expect(escalated.json.undo).toBeUndefined();

      expect((await command(item.id, { action: "resolve", note: "fine" })).json.error?.message).toContain("only an admin can act on it");
      expect((await command(item.id, { action: "deescalate", note: "fine" })).status).toBe(409);
      expect((await command(item.id, { action: "resolve" }, admin)).json.error?.message).toContain("needs a note saying why");

      const back = await command(item.id, { action: "deescalate", note: "not a legal matter" }, admin);
      expect(back.json.data).toMatchObject({ state: "open", escalation: null });
      const audit = await h.db.select().from(auditLog).where(eq(auditLog.targetMessageId, item.id));
      expect(audit.filter((a) => a.outcome === "success").map((a) => [a.action, a.staffEmail, a.detail.note])).toEqual([
        ["review.escalate", "mod@test.example", "needs an admin: possible legal issue"],
        ["review.deescalate", "admin@test.example", "not a legal matter"],
      ]);
      expect((await command(item.id, { action: "resolve" })).status).toBe(200);
    });
  });
});

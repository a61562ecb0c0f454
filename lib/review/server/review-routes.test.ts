import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { EMULATOR_DEMO_API_KEY } from "@/lib/emulator/keys";
import { emulatorControl } from "@/lib/testing/emulator-control";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { databaseTargets } from "@/lib/testing/test-databases";
import { readQueueSummary, readWholeQueue } from "@/lib/testing/queue-pages";
import type { BulkReviewResult, DeactivateSendersResult, ReviewNote, StoredItem } from "@/lib/review/model/review-schemas";

let h: Harness;
let moderator: string;
let admin: string;
const routes = {
  item: () => import("@/app/api/review/items/[id]/route"),
  notes: () => import("@/app/api/review/items/[id]/notes/route"),
  bulk: () => import("@/app/api/review/bulk/route"),
  deactivate: () => import("@/app/api/review/deactivate-senders/route"),
  pin: () => import("@/app/api/messages/[id]/pin/route"),
};
const write = { origin: APP_URL };

/** The whole queue after a sync (as the background sync would have run before a moderator looks), with its summary. */
async function queue(cookie = moderator) {
  await h.sync();
  const summary = await readQueueSummary(h, cookie);
  return { ...(await readWholeQueue(h, cookie)), upstream: summary.upstream, totals: summary.totals };
}

/** A review command decided on the item as it is now: its current version (1 for an unknown id), unless the body names one. */
async function command(id: string, body: Record<string, unknown>, cookie = moderator) {
  const version = body.version ?? (await queue(cookie)).data.find((i) => i.id === id)?.version ?? 1;
  return h.call(await routes.item(), "POST", `/api/review/items/${id}`, { cookie, params: { id }, body: { ...body, version }, headers: write });
}

async function flagUpstream(id: string, flagger: string, reasonId = "spam") {
  const response = await fetch(`${h.emulator.baseUrl}/messages/${encodeURIComponent(id)}/flagged`, {
    method: "POST",
    headers: { apikey: EMULATOR_DEMO_API_KEY, onBehalfOf: flagger, "content-type": "application/json" },
    body: JSON.stringify({ reasonId, remark: "from the test" }),
  });
  expect(response.status).toBe(200);
}

/** A user who has not flagged this message and did not send it. */
function newFlaggerFor(item: StoredItem, candidates: string[]): string {
  const uid = candidates.find((c) => c !== item.senderUid && !item.flags.some((f) => f.uid === c));
  if (!uid) throw new Error("no free flagger among the candidates");
  return uid;
}
const FLAGGERS = ["kim-hana", "wei-zhang", "mateo-rossi", "noah-williams", "arjun-nair", "pedro-alves"];

async function auditRows(action: string, messageId: string) {
  return h.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetMessageId, messageId)));
}

describe.each(databaseTargets())("the review queue on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    moderator = await h.cookieFor("moderator");
    admin = await h.cookieFor("admin");
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    await emulatorControl(h, "reset");
  });

  describe("GET /api/review/queue", () => {
    it("keeps every flagged message the chat service returned, with its flags, and says how many it returned", async () => {
      const body = await queue();
      expect(body.upstream).toMatchObject({ ok: true, limit: 50 });
      if (!body.upstream.ok) return;
      expect(body.data.length).toBeGreaterThanOrEqual(body.upstream.count);
      const item = body.data[0];
      expect(item?.flags.length).toBeGreaterThan(0);
      expect(item?.flaggedCount).toBeGreaterThanOrEqual(item?.flags.length ?? 0);
      expect(body.people[item?.senderUid ?? ""]?.name).toBeTruthy();
    expect(body.reasons[item?.flags[0]?.reasonId ?? ""]?.name).toBeTruthy();
      expect(body.totals.open).toBeGreaterThan(0);
    });

    it("adds a new flag to a known message instead of a second item", async () => {
      const before = await queue();
      const item = before.data.find((i) => i.state === "open");
      if (!item) throw new Error("an open item");
      const flagger = newFlaggerFor(item, FLAGGERS);
      await flagUpstream(item.id, flagger, "harassment");
      const after = await queue();
      const updated = after.data.filter((i) => i.id === item.id);
      expect(updated).toHaveLength(1);
      expect(updated[0]?.flags.map((f) => f.uid)).toContain(flagger);
      expect(updated[0]?.flaggedCount).toBe(item.flaggedCount + 1);
      expect(updated[0]?.version).toBeGreaterThan(item.version);
    });

    it("does not count a flag twice when the chat service reports it again", async () => {
      const first = await queue();
      const second = await queue();
      const item = first.data[0];
      expect(second.data.find((i) => i.id === item?.id)?.flags).toHaveLength(item?.flags.length ?? -1);
    });

    it("still returns the stored queue, with the failure in words, when the chat service is down", async () => {
      await queue();
      await emulatorControl(h, "faults", { kind: "status503", route: "GET /moderation/flagged-messages", count: 10 });
      const body = await queue();
      expect(body.upstream).toMatchObject({ ok: false, code: "ERR_UPSTREAM_SERVER_ERROR", message: expect.stringMatching(/chat service/) });
      expect(body.data.length).toBeGreaterThan(0);
    });
  });

  describe("review commands", () => {
    it("reopens a resolved item that receives a new flag, marked as reopened, with an audit row", async () => {
      const item = (await queue()).data.find((i) => i.state === "open");
      if (!item) throw new Error("an open item");
      expect((await command(item.id, { action: "resolve", note: "handled" })).status).toBe(200);
      await flagUpstream(item.id, newFlaggerFor(item, FLAGGERS));
      const reopened = (await queue()).data.find((i) => i.id === item.id);
      expect(reopened).toMatchObject({ state: "open", reopened: true });
      const audit = await auditRows("review.reopen", item.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ outcome: "success", staffId: null });
    });

    it("keeps a resolved item closed when the list is fetched again without new flags", async () => {
      const item = (await queue()).data.find((i) => i.state === "open");
      if (!item) throw new Error("an open item");
      await command(item.id, { action: "dismiss" });
      expect((await queue()).data.find((i) => i.id === item.id)).toMatchObject({ state: "dismissed", reopened: false });
    });

    it("resolves with a note, records who decided, and writes the audit row", async () => {
      const item = (await queue()).data.find((i) => i.state === "open");
      if (!item) throw new Error("an open item");
      const response = await command(item.id, { action: "resolve", note: "Warned the sender." });
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: StoredItem };
      expect(data).toMatchObject({ state: "resolved", decidedBy: { id: h.staffIds.moderator } });
      expect(data.notes.map((n) => n.body)).toContain("Warned the sender.");
      expect(await auditRows("review.resolve", item.id)).toEqual([expect.objectContaining({ outcome: "success", staffId: h.staffIds.moderator })]);
    });

    it("refuses a second decision with 409 saying who decided, and records the refusal", async () => {
      const item = (await queue()).data.find((i) => i.state === "open");
      if (!item) throw new Error("an open item");
      await command(item.id, { action: "resolve" });
      const again = await command(item.id, { action: "dismiss" }, admin);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ error: { code: "ERR_CONFLICT", message: expect.stringContaining("already resolved by") } });
      expect((await auditRows("review.dismiss", item.id))[0]).toMatchObject({ outcome: "failure", errorCode: "ERR_CONFLICT" });
    });

    it("lets a moderator claim an item and refuses another claim naming the claimer", async () => {
      const item = (await queue()).data.find((i) => i.state === "open" && !i.assignee);
      if (!item) throw new Error("an unclaimed item");
      const claimed = (await (await command(item.id, { action: "claim" })).json()) as { data: StoredItem };
      expect(claimed.data.assignee).toMatchObject({ id: h.staffIds.moderator });
      const taken = await command(item.id, { action: "claim" }, admin);
      expect(taken.status).toBe(409);
      expect((await command(item.id, { action: "unclaim" })).status).toBe(200);
      expect((await command(item.id, { action: "claim" }, admin)).status).toBe(200);
    });

    it("answers 404 for a message the queue never received", async () => {
      const response = await command("no-such-message", { action: "claim" });
      expect(response.status).toBe(404);
    });

    it("refuses an unknown action with 400 naming the field", async () => {
      const response = await command("x", { action: "delete" });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { message: expect.stringContaining("body.action") } });
    });

    it("adds notes to the item's thread with author and time", async () => {
      const item = (await queue()).data[0];
      if (!item) throw new Error("an item");
      const response = await h.call(await routes.notes(), "POST", `/api/review/items/${item.id}/notes`, {
        cookie: moderator,
        params: { id: item.id },
        body: { body: "Looks like a bot." },
        headers: write,
      });
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: ReviewNote };
      expect(data).toMatchObject({ body: "Looks like a bot.", authorId: h.staffIds.moderator });
      expect((await queue()).data.find((i) => i.id === item.id)?.notes.map((n) => n.body)).toContain("Looks like a bot.");
      expect(await auditRows("review.note", item.id)).toHaveLength(1);
    });
  });

  describe("POST /api/review/bulk", () => {
    it("resolves the open items and skips the rest with a reason", async () => {
      const open = (await queue()).data.filter((i) => i.state === "open").slice(0, 3);
      const [first, ...rest] = open;
      if (!first || rest.length < 2) throw new Error("three open items");
      await command(first.id, { action: "dismiss" });
      const response = await h.call(await routes.bulk(), "POST", "/api/review/bulk", {
        cookie: moderator,
        body: {
          action: "resolve",
          ids: [...open.map((i) => i.id), "unknown-id"],
          note: "Bulk cleanup",
          versions: { ...Object.fromEntries(open.map((i) => [i.id, i.version])), "unknown-id": 1 },
        },
        headers: write,
      });
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: BulkReviewResult };
      expect(data.updated.sort()).toEqual(rest.map((i) => i.id).sort());
      expect(data.skipped.map((s) => s.id).sort()).toEqual([first.id, "unknown-id"].sort());
      const after = await queue();
      for (const item of rest) expect(after.data.find((i) => i.id === item.id)).toMatchObject({ state: "resolved" });
    });
  });

  describe("POST /api/review/deactivate-senders", () => {
    it("deactivates the distinct senders in one call, marks their items, and reports each sender's outcome", async () => {
      const before = await queue();
      // Items a colleague claimed are skipped (review-conflicts.test.ts): these are nobody's.
      const items = before.data.filter((i) => !before.people[i.senderUid]?.deactivated && !i.assignee);
      const senders = [...new Set(items.map((i) => i.senderUid))].slice(0, 2);
      const picked = senders.map((uid) => items.find((i) => i.senderUid === uid)?.id ?? "");
      const versions = Object.fromEntries(items.filter((i) => picked.includes(i.id)).map((i) => [i.id, i.version]));
      const send = async () =>
        h.call(await routes.deactivate(), "POST", "/api/review/deactivate-senders", { cookie: moderator, body: { ids: picked, versions }, headers: write });
      const response = await send();
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: DeactivateSendersResult };
      expect(data.outcomes.deactivated.sort()).toEqual([...senders].sort());
      expect(data.outcomes.unknown).toEqual([]);

      const after = await queue();
      for (const uid of senders) expect(after.people[uid]?.deactivated).toBe(true);
      for (const id of picked) expect(after.data.find((i) => i.id === id)?.actionTaken).toBe("sender_deactivated");

      const again = (await (await send()).json()) as { data: DeactivateSendersResult };
      expect(again.data.outcomes["already-deactivated"].sort()).toEqual([...senders].sort());
      expect(again.data.outcomes.deactivated).toEqual([]);
    });
  });

  describe("pinning from the queue", () => {
    it("records the pinned state and the action on the review item", async () => {
      const item = (await queue()).data.find((i) => !i.pinnedBy);
      if (!item) throw new Error("an unpinned item");
      const response = await h.call(await routes.pin(), "POST", `/api/messages/${item.id}/pin`, { cookie: moderator, params: { id: item.id }, body: { version: item.version }, headers: write });
      expect(response.status).toBe(200);
      expect((await queue()).data.find((i) => i.id === item.id)).toMatchObject({ pinnedBy: "app_system", actionTaken: "pinned", pinnedAt: expect.any(Number) });
    });
  });

  describe("scale", () => {
    it("keeps thousands of flagged messages from one large list", async () => {
      const control = (path: string, body: unknown) => emulatorControl(h, path, body);
      await control("settings", { flaggedLimit: 3000 });
      await control("seed/flagged-messages", { count: 3000 });
      const body = await queue();
      expect(body.upstream).toMatchObject({ ok: true, count: 3000 });
      expect(body.totals.open + body.totals.resolved + body.totals.dismissed).toBeGreaterThanOrEqual(3000);
      expect(body.data.length).toBeGreaterThanOrEqual(3000);
    }, 60_000);
  });
});

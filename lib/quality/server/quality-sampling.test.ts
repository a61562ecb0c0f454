import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, flaggedMessage, policy, qualitySample, reviewNote, reviewOutbox, teamSetting } from "@/lib/db/schema";
import type { Agreement, DisputesResponse, NextSampleResponse, SecondReviewResult } from "@/lib/quality/model/quality-schemas";
import type { QueueHealth } from "@/lib/queue-health/model/queue-health-schemas";
import type { StoredItem, UndoTicket } from "@/lib/review/model/review-schemas";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { readWholeQueue } from "@/lib/testing/queue-pages";
import { databaseTargets } from "@/lib/testing/test-databases";
import { readAgreement } from "./agreement";
import { decisionKey, decisionSampler } from "./sampler";

const routes = {
  item: () => import("@/app/api/review/items/[id]/route"),
  undo: () => import("@/app/api/review/undo/[id]/route"),
  next: () => import("@/app/api/quality/reviews/next/route"),
  review: () => import("@/app/api/quality/reviews/[id]/route"),
  disputes: () => import("@/app/api/quality/disputes/route"),
  rule: () => import("@/app/api/quality/disputes/[id]/route"),
  health: () => import("@/app/api/oversight/health/route"),
};
const write = { origin: APP_URL };

describe("the decision sampler", () => {
  const keys = Array.from({ length: 4000 }, (_, i) => decisionKey(String(10_000 + i), new Date(Date.UTC(2026, 10, 1) + i * 7_000)));

  it("draws none at 0 %, every decision at 100 %, and the same answer for the same decision", () => {
    expect(keys.filter(decisionSampler(0, "secret"))).toEqual([]);
    expect(keys.filter(decisionSampler(100, "secret"))).toEqual(keys);
    const five = decisionSampler(5, "secret");
    expect(keys.map(five)).toEqual(keys.map(decisionSampler(5, "secret")));
  });

  it("draws close to the share asked for, and another secret draws other decisions", () => {
    const drawn = keys.filter(decisionSampler(5, "secret"));
    expect(drawn.length).toBeGreaterThan(0.04 * keys.length);
    expect(drawn.length).toBeLessThan(0.06 * keys.length);
    const other = keys.filter(decisionSampler(5, "another secret"));
    expect(other).not.toEqual(drawn);
    // A larger share draws every decision a smaller one did (the same hash against a higher bar).
    const twenty = new Set(keys.filter(decisionSampler(20, "secret")));
    expect(drawn.every((key) => twenty.has(key))).toBe(true);
  });

  it("names a decision by its item and its second: deciding again later is another decision", () => {
    const at = new Date("2026-11-27T10:00:00.400Z");
    expect(decisionKey("42", at)).toBe(decisionKey("42", new Date("2026-11-27T10:00:00.900Z")));
    expect(decisionKey("42", at)).not.toBe(decisionKey("42", new Date("2026-11-27T10:00:01.000Z")));
    expect(decisionKey("42", at)).not.toBe(decisionKey("420", at));
  });
});

describe.each(databaseTargets())("quality sampling on $name", (target) => {
  let h: Harness;
  let moderator: string;
  let admin: string;

  const samplePercent = (value: number) =>
    h.db.insert(teamSetting).values({ key: "qualitySamplePercent", value }).onConflictDoUpdate({ target: teamSetting.key, set: { value: sql`excluded.value` } });
  const policyId = async (name: string) => {
    const [row] = await h.db.select({ id: policy.id }).from(policy).where(eq(policy.name, name));
    if (!row) throw new Error(`no policy ${name}`);
    return row.id;
  };
  const samplesOf = (messageId: string) => h.db.select().from(qualitySample).where(eq(qualitySample.messageId, messageId)).orderBy(qualitySample.id);
  const onlySample = async (messageId: string) => {
    const rows = await samplesOf(messageId);
    expect(rows).toHaveLength(1);
    return rows[0] as (typeof rows)[number];
  };

  async function openItems(): Promise<StoredItem[]> {
    return (await readWholeQueue(h, moderator, { state: "open" })).data.filter((item) => item.escalation === null);
  }
  async function command(cookie: string, item: Pick<StoredItem, "id" | "version">, body: Record<string, unknown>) {
    const response = await h.call(await routes.item(), "POST", `/api/review/items/${item.id}`, { cookie, params: { id: item.id }, body: { version: item.version, ...body }, headers: write });
    const json = (await response.json()) as { data: StoredItem; undo?: UndoTicket };
    expect(response.status).toBe(200);
    return json;
  }
  async function next(cookie: string): Promise<NextSampleResponse> {
    const response = await h.call(await routes.next(), "GET", "/api/quality/reviews/next", { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as NextSampleResponse;
  }
  async function review(cookie: string, id: number | string, body: unknown) {
    const response = await h.call(await routes.review(), "POST", `/api/quality/reviews/${id}`, { cookie, params: { id: String(id) }, body, headers: write });
    return { status: response.status, json: (await response.json()) as { data: SecondReviewResult; error?: { code: string; message: string } } };
  }
  async function rule(cookie: string, id: number, body: unknown) {
    const response = await h.call(await routes.rule(), "POST", `/api/quality/disputes/${id}`, { cookie, params: { id: String(id) }, body, headers: write });
    return { status: response.status, json: (await response.json()) as { data: { sampleId: number; changed: boolean }; error?: { code: string; message: string } } };
  }
  async function agreementFor(cookie: string): Promise<Agreement> {
    const response = await h.call(await routes.health(), "GET", "/api/oversight/health", { cookie, query: { days: "7" } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: QueueHealth }).data.agreement;
  }

  beforeAll(async () => {
    h = await startHarness({ target });
    moderator = await h.cookieFor("moderator");
    admin = await h.cookieFor("admin");
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    await fetch(`${h.emulator.url}/__emulator/reset`, { method: "POST" });
    await h.db.delete(qualitySample);
    await samplePercent(100);
    await h.sync();
  });

  it("samples nothing at 0 %, and at 100 % every decision as it was made, whoever made it", async () => {
    await samplePercent(0);
    const [first, second, third] = await openItems();
    if (!first || !second || !third) throw new Error("the emulator has too few open items");
    await command(moderator, first, { action: "dismiss" });
    expect(await samplesOf(first.id)).toEqual([]);
    await samplePercent(100);
    const spam = await policyId("Spam");
    const resolved = await command(moderator, second, { action: "resolve", policyId: spam });
    await command(admin, third, { action: "dismiss" });
    expect(await onlySample(second.id)).toMatchObject({
      state: "pending",
      firstById: h.staffIds.moderator,
      firstDecision: "resolved",
      firstPolicyId: spam,
      decidedAt: new Date((resolved.data.decidedAt ?? 0) * 1000),
      secondById: null,
    });
    expect(await onlySample(third.id)).toMatchObject({ state: "pending", firstById: h.staffIds.admin, firstDecision: "dismissed", firstPolicyId: null });
  });

  it("shows the second reviewer the message without its decision, and never one of their own decisions", async () => {
    const [item] = await openItems();
    if (!item) throw new Error("the emulator has no open item");
    await command(moderator, item, { action: "resolve", policyId: await policyId("Spam"), note: "clearly spam, see the link" });
    expect(await next(moderator)).toEqual({ data: null, waiting: 0 });
    const offered = await next(admin);
    expect(offered.waiting).toBe(1);
    const sample = await onlySample(item.id);
    expect(offered.data?.id).toBe(sample.id);
    expect(offered.data?.item).toMatchObject({ id: item.id, text: item.text, senderUid: item.senderUid, flaggedCount: item.flaggedCount });
    const keys = Object.keys(offered.data?.item ?? {});
    for (const revealing of ["state", "decidedBy", "decidedAt", "policyId", "notes", "assignee", "writeBack", "changedBy", "version"]) expect(keys).not.toContain(revealing);
    const whole = JSON.stringify(offered);
    expect(whole).not.toContain(h.staffIds.moderator);
    expect(whole).not.toContain("clearly spam");
    expect(Object.keys(offered.data?.people ?? {})).toContain(item.senderUid);
  });

  it("records agreement and disagreement, refusing the first decider, a second review and hostile bodies", async () => {
    const [agreeing, disagreeing] = await openItems();
    if (!agreeing || !disagreeing) throw new Error("the emulator has too few open items");
    const spam = await policyId("Spam");
    await command(moderator, agreeing, { action: "resolve", policyId: spam });
    await command(moderator, disagreeing, { action: "dismiss" });
    const a = await onlySample(agreeing.id);
    const d = await onlySample(disagreeing.id);

    const own = await review(moderator, a.id, { decision: "resolved", policyId: spam });
    expect(own.status).toBe(403);
    for (const bad of [{ decision: "maybe" }, { decision: "dismissed", policyId: spam }, { decision: "resolved", policyId: 99_999 }, { decision: "resolved", extra: 1 }, { decision: "resolved", note: "a\u0000b" }]) {
      expect((await review(admin, a.id, bad)).status).toBe(400);
    }
    expect((await review(admin, "abc", { decision: "resolved" })).status).toBe(400);
    expect((await review(admin, 987_654, { decision: "resolved" })).status).toBe(404);
    expect(await onlySample(agreeing.id)).toMatchObject({ state: "pending", secondById: null });

    const agreed = await review(admin, a.id, { decision: "resolved", policyId: spam });
    expect(agreed.status).toBe(200);
    expect(agreed.json.data).toMatchObject({ sampleId: a.id, agreed: true, first: { by: { id: h.staffIds.moderator }, decision: "resolved", policy: { id: spam, name: "Spam" } } });
    expect((await review(admin, a.id, { decision: "dismissed" })).status).toBe(409);

    const disagreed = await review(admin, d.id, { decision: "resolved", policyId: spam, note: "this is spam" });
    expect(disagreed.json.data).toMatchObject({ agreed: false, first: { decision: "dismissed", policy: null } });
    expect(await onlySample(disagreeing.id)).toMatchObject({ state: "disputed", secondById: h.staffIds.admin, secondDecision: "resolved", secondPolicyId: spam, secondNote: "this is spam" });

    const audit = await h.db.select().from(auditLog).where(eq(auditLog.action, "quality.review")).orderBy(auditLog.id);
    expect(audit.map((row) => [row.targetMessageId, row.outcome, (row.detail as { agreed?: boolean }).agreed])).toEqual([
      [agreeing.id, "failure", undefined],
      [agreeing.id, "success", true],
      [agreeing.id, "failure", undefined],
      [disagreeing.id, "success", false],
    ]);
  });

  it("lists a disagreement for admins only, and a ruling that differs replaces the item's decision, unsampled", async () => {
    const [item] = await openItems();
    if (!item) throw new Error("the emulator has no open item");
    const spam = await policyId("Spam");
    await command(moderator, item, { action: "dismiss" });
    const sample = await onlySample(item.id);
    await review(admin, sample.id, { decision: "resolved", policyId: spam });

    expect((await h.call(await routes.disputes(), "GET", "/api/quality/disputes", { cookie: moderator })).status).toBe(403);
    const listed = (await (await h.call(await routes.disputes(), "GET", "/api/quality/disputes", { cookie: admin })).json()) as DisputesResponse;
    expect(listed.data.map((dispute) => dispute.id)).toEqual([sample.id]);
    expect(listed.data[0]).toMatchObject({ state: "disputed", item: { id: item.id }, first: { decision: "dismissed" }, second: { decision: "resolved", policy: { id: spam } }, ruling: null });
    expect((await rule(moderator, sample.id, { decision: "resolved", policyId: spam, note: "spam" })).status).toBe(403);
    expect((await rule(admin, sample.id, { decision: "resolved", policyId: spam })).status).toBe(400);

    const ruled = await rule(admin, sample.id, { decision: "resolved", policyId: spam, note: "A paid-followers offer is spam." });
    expect(ruled.json.data).toEqual({ sampleId: sample.id, changed: true });
    const [stored] = await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.id, item.id));
    expect(stored).toMatchObject({ state: "resolved", policyId: spam, decidedById: h.staffIds.admin });
    const [outbox] = await h.db.select().from(reviewOutbox).where(eq(reviewOutbox.messageId, item.id));
    expect(outbox).toMatchObject({ status: "disapproved", state: "pending" });
    const notes = await h.db.select().from(reviewNote).where(eq(reviewNote.messageId, item.id));
    expect(notes.map((n) => n.body)).toEqual(["Ruling on a second review: A paid-followers offer is spam."]);
    // The ruling is the last word: its decision is not sampled again.
    expect(await samplesOf(item.id)).toEqual([expect.objectContaining({ id: sample.id, state: "ruled", rulingById: h.staffIds.admin, rulingDecision: "resolved", rulingPolicyId: spam })]);
    expect((await rule(admin, sample.id, { decision: "dismissed", note: "again" })).status).toBe(409);
    const after = (await (await h.call(await routes.disputes(), "GET", "/api/quality/disputes", { cookie: admin })).json()) as DisputesResponse;
    expect(after.data).toEqual([]);
    expect(after.ruled.map((dispute) => [dispute.id, dispute.ruling?.note])).toEqual([[sample.id, "A paid-followers offer is spam."]]);
  });

  it("leaves the item alone when the ruling keeps the first decision", async () => {
    const [item] = await openItems();
    if (!item) throw new Error("the emulator has no open item");
    const decided = await command(moderator, item, { action: "dismiss" });
    const sample = await onlySample(item.id);
    await review(admin, sample.id, { decision: "resolved" });
    expect((await rule(admin, sample.id, { decision: "dismissed", note: "A joke between friends." })).json.data.changed).toBe(false);
    const [stored] = await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.id, item.id));
    expect(stored).toMatchObject({ state: "dismissed", decidedById: h.staffIds.moderator, decidedAt: new Date((decided.data.decidedAt ?? 0) * 1000) });
  });

  it("withdraws the sample of a decision taken back, and brings it back when an undo restores the decision", async () => {
    const [undone, reopened] = await openItems();
    if (!undone || !reopened) throw new Error("the emulator has too few open items");
    const first = await command(moderator, undone, { action: "dismiss" });
    const undo = async (ticket: UndoTicket | undefined) => {
      if (!ticket) throw new Error("no undo ticket");
      const response = await h.call(await routes.undo(), "POST", `/api/review/undo/${ticket.id}`, { cookie: moderator, params: { id: String(ticket.id) }, headers: write });
      expect(response.status).toBe(200);
    };
    await undo(first.undo);
    expect(await onlySample(undone.id)).toMatchObject({ state: "withdrawn" });
    expect(await next(admin)).toEqual({ data: null, waiting: 0 });

    const decided = await command(moderator, reopened, { action: "dismiss" });
    const back = await command(moderator, decided.data, { action: "reopen" });
    const sample = await onlySample(reopened.id);
    expect(sample.state).toBe("withdrawn");
    expect((await review(admin, sample.id, { decision: "dismissed" })).status).toBe(409);
    await undo(back.undo);
    expect(await onlySample(reopened.id)).toMatchObject({ id: sample.id, state: "pending" });
    expect((await review(admin, sample.id, { decision: "dismissed" })).json.data.agreed).toBe(true);
  });

  it("counts agreement per first decider and per policy, a moderator seeing only their own decisions'", async () => {
    const items = await openItems();
    const [m1, m2, m3, a1] = items;
    if (!m1 || !m2 || !m3 || !a1) throw new Error("the emulator has too few open items");
    const spam = await policyId("Spam");
    await command(moderator, m1, { action: "resolve", policyId: spam });
    await command(moderator, m2, { action: "dismiss" });
    await command(moderator, m3, { action: "dismiss" });
    await command(admin, a1, { action: "dismiss" });
    const sampleOf = async (item: StoredItem) => (await onlySample(item.id)).id;
    await review(admin, await sampleOf(m1), { decision: "resolved", policyId: spam });
    await review(admin, await sampleOf(m2), { decision: "dismissed" });
    await review(admin, await sampleOf(m3), { decision: "resolved", policyId: spam });
    await rule(admin, await sampleOf(m3), { decision: "dismissed", note: "Not spam: a question." });
    await review(moderator, await sampleOf(a1), { decision: "resolved", policyId: spam });

    const everyone = await agreementFor(admin);
    expect(everyone.days).toBe(30);
    const byStaff = Object.fromEntries(everyone.staff.map((row) => [row.staffId, row]));
    expect(byStaff[h.staffIds.moderator]).toMatchObject({ reviewed: 3, agreed: 2, percent: 66.7, upheld: 1, overturned: 0 });
    expect(byStaff[h.staffIds.admin]).toMatchObject({ reviewed: 1, agreed: 0, percent: 0, upheld: 0, overturned: 0 });
    expect(everyone.policies.map((row) => [row.policyId, row.reviewed, row.agreed])).toEqual(
      expect.arrayContaining([
        [spam, 1, 1],
        [null, 3, 1],
      ]),
    );
    expect(everyone).toMatchObject({ pending: 0, disputed: 1 });

    const own = await agreementFor(moderator);
    expect(own.staff.map((row) => row.staffId)).toEqual([h.staffIds.moderator]);
    expect(own.policies.map((row) => [row.policyId, row.reviewed, row.agreed]).sort()).toEqual([
      [null, 2, 1],
      [spam, 1, 1],
    ].sort());
  });

  it("counts the second reviews of the last 30 days only, up to the moment asked", async () => {
    const [item] = await openItems();
    if (!item) throw new Error("the emulator has no open item");
    const now = new Date("2026-03-31T12:00:00Z");
    const day = 86_400_000;
    const row = (secondAt: Date, state: "agreed" | "disputed", decidedAt: Date) => ({
      messageId: item.id,
      decidedAt,
      state,
      firstById: h.staffIds.moderator,
      firstDecision: "dismissed" as const,
      secondById: h.staffIds.admin,
      secondDecision: state === "agreed" ? ("dismissed" as const) : ("resolved" as const),
      secondAt,
    });
    await h.db.insert(qualitySample).values([
      row(new Date(now.getTime() - 30 * day + 1000), "agreed", new Date(now.getTime() - 31 * day)),
      row(new Date(now.getTime() - 30 * day - 1000), "agreed", new Date(now.getTime() - 32 * day)),
      row(new Date(now.getTime() - day), "disputed", new Date(now.getTime() - 2 * day)),
      row(new Date(now.getTime() + 1000), "agreed", new Date(now.getTime() - 3 * day)),
    ]);
    const figures = await readAgreement(h.db, { id: h.staffIds.admin, role: "admin" }, now);
    expect(figures.staff).toEqual([{ staffId: h.staffIds.moderator, name: expect.any(String), reviewed: 2, agreed: 1, percent: 50, upheld: 0, overturned: 0 }]);
    const none = await readAgreement(h.db, { id: h.staffIds.admin, role: "moderator" }, now);
    expect(none.staff).toEqual([]);
    expect(await h.db.select({ n: sql<number>`count(*)::int` }).from(qualitySample).where(and(eq(qualitySample.messageId, item.id), eq(qualitySample.state, "disputed")))).toEqual([{ n: 1 }]);
  });
});

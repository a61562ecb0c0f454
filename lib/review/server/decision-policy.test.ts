import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, flaggedMessage, policy, reviewBulkJob, teamSetting } from "@/lib/db/schema";
import { csvRow } from "@/lib/admin/audit-export";
import { bulkJobBodySchema, type BulkReviewResult, type StoredItem, type UndoTicket } from "@/lib/review/model/review-schemas";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { readWholeQueue } from "@/lib/testing/queue-pages";
import { databaseTargets } from "@/lib/testing/test-databases";

let h: Harness;
let moderator: string;
const routes = {
  item: () => import("@/app/api/review/items/[id]/route"),
  bulk: () => import("@/app/api/review/bulk/route"),
  undo: () => import("@/app/api/review/undo/[id]/route"),
};
const write = { origin: APP_URL };
type Answer = { data: StoredItem; undo?: UndoTicket; error?: { code: string; message: string } };

async function openItems(): Promise<StoredItem[]> {
  return (await readWholeQueue(h, moderator, { state: "open" })).data;
}

async function command(item: StoredItem, body: Record<string, unknown>) {
  const response = await h.call(await routes.item(), "POST", `/api/review/items/${item.id}`, { cookie: moderator, params: { id: item.id }, body: { version: item.version, ...body }, headers: write });
  return { status: response.status, json: (await response.json()) as Answer };
}

async function policyNamed(name: string) {
  const [row] = await h.db.select().from(policy).where(eq(policy.name, name));
  if (!row) throw new Error(`no policy ${name}`);
  return row;
}

const stored = async (id: string) => (await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.id, id)))[0];
const auditOf = (action: string, id: string) => h.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetMessageId, id)));
const requirePolicy = (value: boolean) =>
  h.db.insert(teamSetting).values({ key: "requirePolicy", value }).onConflictDoUpdate({ target: teamSetting.key, set: { value: sql`excluded.value` } });

describe.each(databaseTargets())("decisions under a policy on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    moderator = await h.cookieFor("moderator");
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    await fetch(`${h.emulator.url}/__emulator/reset`, { method: "POST" });
    await requirePolicy(false);
    await h.sync();
  });

  it("refuses a resolve without a policy when the team requires one (400 naming the field), changing nothing, not even the audit log", async () => {
    await requirePolicy(true);
    const [item] = await openItems();
    if (!item) throw new Error("the emulator has no open item");
    const refused = await command(item, { action: "resolve" });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toEqual({ code: "ERR_BAD_REQUEST", message: "body.policyId: this team requires a policy for this decision" });
    expect(await stored(item.id)).toMatchObject({ state: "open", version: item.version, policyId: null, strikeWeight: 0 });
    expect(await auditOf("review.resolve", item.id)).toEqual([]);
    // A dismiss upholds no flag: it needs none, and names none.
    const dismissed = await command(item, { action: "dismiss" });
    expect(dismissed.status).toBe(200);
    expect(dismissed.json.data).toMatchObject({ state: "dismissed", policyId: null, strikeWeight: 0 });
  });

  it("refuses a policy on anything but a resolve, and an unknown or archived one", async () => {
    const [item] = await openItems();
    if (!item) throw new Error("the emulator has no open item");
    const spam = await policyNamed("Spam");
    expect((await command(item, { action: "dismiss", policyId: spam.id })).json.error?.message).toBe("body.policyId: only a resolve is made under a policy, not a dismiss");
    expect((await command(item, { action: "resolve", policyId: 99_999 })).json.error?.message).toBe("body.policyId: no policy has id 99999");
    await h.db.update(policy).set({ archived: true }).where(eq(policy.id, spam.id));
    try {
      expect((await command(item, { action: "resolve", policyId: spam.id })).status).toBe(400);
    } finally {
      await h.db.update(policy).set({ archived: false }).where(eq(policy.id, spam.id));
    }
    expect(await stored(item.id)).toMatchObject({ state: "open", version: item.version });
  });

  it("records the policy and its weight at decision time on a resolve, in the item, the queue answer and the audit row; reopening takes the strike away", async () => {
    await requirePolicy(true);
    const [item] = await openItems();
    if (!item) throw new Error("the emulator has no open item");
    const hate = await policyNamed("Hate");
    const resolved = await command(item, { action: "resolve", policyId: hate.id });
    expect(resolved.status).toBe(200);
    expect(resolved.json.data).toMatchObject({ state: "resolved", policyId: hate.id, strikeWeight: hate.strikeWeight });
    expect((await readWholeQueue(h, moderator, { state: "resolved" })).data.find((i) => i.id === item.id)).toMatchObject({ policyId: hate.id, strikeWeight: 3 });
    const [row] = await auditOf("review.resolve", item.id);
    expect(row?.detail).toEqual({ policy: { id: hate.id, name: "Hate" } });
    // The audit export shows it in a column of its own.
    expect(csvRow({ ...row, at: "", staffEmail: null, staffRole: null, targetUids: [], requestId: null } as never)).toContain(`,${hate.id},Hate,`);
    // A later change of the weight does not change the strike already given.
    await h.db.update(policy).set({ strikeWeight: 7 }).where(eq(policy.id, hate.id));
    expect(await stored(item.id)).toMatchObject({ policyId: hate.id, strikeWeight: 3 });
    await h.db.update(policy).set({ strikeWeight: hate.strikeWeight }).where(eq(policy.id, hate.id));

    const reopened = await command(resolved.json.data, { action: "reopen" });
    expect(reopened.status).toBe(200);
    expect(reopened.json.data).toMatchObject({ state: "open", policyId: null, strikeWeight: 0 });
  });

  it("takes the strike away again when the resolve is undone", async () => {
    const [item] = await openItems();
    if (!item) throw new Error("the emulator has no open item");
    const scam = await policyNamed("Scam");
    const resolved = await command(item, { action: "resolve", policyId: scam.id });
    expect(await stored(item.id)).toMatchObject({ policyId: scam.id, strikeWeight: 3 });
    const ticket = resolved.json.undo;
    if (!ticket) throw new Error("no undo ticket");
    const undone = await h.call(await routes.undo(), "POST", `/api/review/undo/${ticket.id}`, { cookie: moderator, params: { id: String(ticket.id) }, headers: write });
    expect(undone.status).toBe(200);
    expect(await stored(item.id)).toMatchObject({ state: "open", policyId: null, strikeWeight: 0 });
  });

  it("records the policy on every item of a bulk resolve, and refuses a bulk resolve without one when required", async () => {
    await requirePolicy(true);
    const items = (await openItems()).filter((i) => i.escalation === null).slice(0, 3);
    const body = { action: "resolve", ids: items.map((i) => i.id), versions: Object.fromEntries(items.map((i) => [i.id, i.version])) };
    const bulk = async (extra: Record<string, unknown>) => h.call(await routes.bulk(), "POST", "/api/review/bulk", { cookie: moderator, body: { ...body, ...extra }, headers: write });
    const refused = await bulk({});
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: { code: "ERR_BAD_REQUEST", message: "body.policyId: this team requires a policy for this decision" } });
    const harassment = await policyNamed("Harassment");
    const done = await bulk({ policyId: harassment.id });
    expect(done.status).toBe(200);
    const result = ((await done.json()) as { data: BulkReviewResult }).data;
    expect(result.updated.sort()).toEqual(items.map((i) => i.id).sort());
    for (const item of items) expect(await stored(item.id)).toMatchObject({ state: "resolved", policyId: harassment.id, strikeWeight: 2 });
    const [row] = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "review.resolve"), sql`${auditLog.detail}->>'bulk' = 'true'`));
    expect(row?.detail).toMatchObject({ policy: { id: harassment.id, name: "Harassment" } });
  });

  it("remembers a bulk job's policy across its batches, and refuses a resolving job without one when required", async () => {
    await requirePolicy(true);
    const { createBulkJob, runBulkJob } = await import("./bulk-jobs");
    const session = { id: h.staffIds.moderator, sessionId: "test", email: "mod@test.example", role: "moderator" as const, name: "Mod", twoFactorEnabled: false };
    const job = (body: Record<string, unknown>) => createBulkJob(h.db, session, bulkJobBodySchema.parse({ action: "resolve", view: "", ...body }));
    await expect(job({})).rejects.toThrow(/requires a policy/);
    expect(await h.db.select().from(reviewBulkJob)).toEqual([]);
    const violence = await policyNamed("Violence");
    const before = new Set((await openItems()).map((i) => i.id));
    const row = await job({ policyId: violence.id });
    expect(row.policyId).toBe(violence.id);
    await runBulkJob(h.db, row.id);
    const decided = (await h.db.select().from(flaggedMessage).where(eq(flaggedMessage.state, "resolved"))).filter((m) => before.has(m.id));
    expect(decided.length).toBeGreaterThan(0);
    expect(new Set(decided.map((m) => `${m.policyId}:${m.strikeWeight}`))).toEqual(new Set([`${violence.id}:3`]));
  });
});

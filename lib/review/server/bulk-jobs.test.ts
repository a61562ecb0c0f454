import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, flaggedMessage, reviewBulkJob } from "@/lib/db/schema";
import { APP_URL, startHarness, type Harness } from "@/lib/testing/harness";
import { readWholeQueue } from "@/lib/testing/queue-pages";
import { databaseTargets } from "@/lib/testing/test-databases";
import type { BulkJob } from "@/lib/review/model/review-schemas";

/** Issue 20: a decision on everything a view matches runs on the server, in batches, with progress. */
let h: Harness;
let moderator: string;
let admin: string;
const write = { origin: APP_URL };
const routes = {
  jobs: () => import("@/app/api/review/bulk-jobs/route"),
  job: () => import("@/app/api/review/bulk-jobs/[id]/route"),
};

async function start(body: Record<string, unknown>, cookie = moderator) {
  return h.call(await routes.jobs(), "POST", "/api/review/bulk-jobs", { cookie, body, headers: write });
}

async function job(id: number, cookie = moderator): Promise<Response> {
  return h.call(await routes.job(), "GET", `/api/review/bulk-jobs/${id}`, { cookie, params: { id: String(id) } });
}

/** The job once it has stopped running (it runs in this process, started by its POST). */
async function finished(id: number, cookie = moderator): Promise<BulkJob> {
  let last: BulkJob | undefined;
  await vi.waitFor(
    async () => {
      last = ((await (await job(id, cookie)).json()) as { data: BulkJob }).data;
      expect(last.state).not.toBe("running");
    },
    { timeout: 60_000, interval: 50 },
  );
  if (!last) throw new Error("the job was not read");
  return last;
}

const openWith = async (reasonId: string) =>
  (await readWholeQueue(h, moderator, { state: "open", reason: reasonId })).data;

describe.each(databaseTargets())("bulk decisions over a whole view on $name", (target) => {
  beforeAll(async () => {
    h = await startHarness({ target });
    moderator = await h.cookieFor("moderator");
    admin = await h.cookieFor("admin");
    await fetch(`${h.emulator.url}/__emulator/settings`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ flaggedLimit: 2000 }) });
    await fetch(`${h.emulator.url}/__emulator/seed/flagged-messages`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ count: 1500 }) });
    await h.sync();
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    // Every test starts from an open queue nobody holds.
    await h.db.update(flaggedMessage).set({ state: "open", assigneeId: null, escalatedAt: null, decidedAt: null, decidedById: null }).where(sql`true`);
    await h.queueChanged();
  });

  it("resolves every open item the view matches, in batches with one audit row each, skipping a colleague's and an escalated item", async () => {
    const matching = await openWith("spam");
    expect(matching.length).toBeGreaterThan(250);
    const [held, waiting] = matching;
    if (!held || !waiting) throw new Error("two matching items");
    await h.db.update(flaggedMessage).set({ assigneeId: h.staffIds.admin }).where(eq(flaggedMessage.id, held.id));
    await h.db.update(flaggedMessage).set({ escalatedAt: new Date() }).where(eq(flaggedMessage.id, waiting.id));
    await h.queueChanged();

    const response = await start({ action: "resolve", view: "?reason=spam", note: "spam wave" });
    expect(response.status).toBe(202);
    const { data: started } = (await response.json()) as { data: BulkJob };
    expect(started).toMatchObject({ state: "running", action: "resolve", view: "?reason=spam", total: matching.length });

    const done = await finished(started.id);
    expect(done).toMatchObject({ state: "done", decided: matching.length - 2, skipped: 2, error: null });
    expect((await openWith("spam")).map((i) => i.id).sort()).toEqual([held.id, waiting.id].sort());
    // Other reasons are untouched.
    expect((await openWith("harassment")).length).toBeGreaterThan(0);

    const batches = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "review.resolve"), sql`${auditLog.detail}->>'jobId' = ${String(started.id)} and ${auditLog.detail}->>'job' is null`));
    expect(batches.length).toBe(Math.ceil(matching.length / 200));
    expect(batches.every((row) => row.outcome === "success" && row.staffId === h.staffIds.moderator)).toBe(true);
    const startedRow = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "review.resolve"), sql`${auditLog.detail}->>'job' = 'started'`));
    expect(startedRow.at(-1)).toMatchObject({ outcome: "success", staffId: h.staffIds.moderator, detail: expect.objectContaining({ jobId: started.id, note: "spam wave" }) });
  });

  it("stops after its current batch when cancelled, keeping what was decided", async () => {
    const { createBulkJob, runBulkJob } = await import("./bulk-jobs");
    const { bulkJobBodySchema } = await import("@/lib/review/model/review-schemas");
    const total = (await readWholeQueue(h, moderator, { state: "open" })).data.length;
    expect(total).toBeGreaterThan(600);
    const session = { id: h.staffIds.moderator, sessionId: "test", email: "mod@test.example", role: "moderator" as const, name: "Mod", twoFactorEnabled: false };
    const row = await createBulkJob(h.db, session, bulkJobBodySchema.parse({ action: "dismiss", view: "" }));
    // The moderator stops it while its first batch is being written.
    await runBulkJob(h.db, row.id, {
      afterBatch: async () => {
        const cancel = await h.call(await routes.job(), "DELETE", `/api/review/bulk-jobs/${row.id}`, { cookie: moderator, params: { id: String(row.id) }, headers: write });
        expect(cancel.status).toBe(200);
      },
    });
    const ended = ((await (await job(row.id)).json()) as { data: BulkJob }).data;
    expect(ended).toMatchObject({ state: "cancelled", decided: 200 });
    expect((await readWholeQueue(h, moderator, { state: "open" })).data).toHaveLength(total - 200);
  });

  it("is finished by another instance when the one running it stopped (its lease ran out)", async () => {
    const { resumeAbandonedJobs } = await import("./bulk-jobs");
    const matching = await openWith("hate_speech");
    const [row] = await h.db
      .insert(reviewBulkJob)
      .values({ staffId: h.staffIds.moderator, action: "resolve", view: { reason: "hate_speech" }, total: matching.length, leaseUntil: new Date(Date.now() - 1000) })
      .returning();
    if (!row) throw new Error("a job row");
    expect(await resumeAbandonedJobs(h.db)).toEqual([row.id]);
    expect(await finished(row.id)).toMatchObject({ state: "done", decided: matching.length });
    expect(await openWith("hate_speech")).toEqual([]);
    // A job whose lease still runs belongs to its instance.
    const [held] = await h.db.insert(reviewBulkJob).values({ staffId: h.staffIds.moderator, action: "resolve", view: {}, total: 1, leaseUntil: new Date(Date.now() + 60_000) }).returning();
    expect(await resumeAbandonedJobs(h.db)).toEqual([]);
    await h.db.delete(reviewBulkJob).where(inArray(reviewBulkJob.id, [held?.id ?? 0]));
  });

  it("shows a job only to its owner and to admins, and refuses a view that matches nothing or is not a view", async () => {
    const refused = await start({ action: "resolve", view: "?q=zzzz-nothing-has-this" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/No open item matches/);
    expect((await start({ action: "resolve", view: "?sort=sideways" })).status).toBe(400);

    const { data: adminJob } = (await (await start({ action: "resolve", view: "?reason=violence" }, admin)).json()) as { data: BulkJob };
    expect((await job(adminJob.id, moderator)).status).toBe(404);
    expect((await finished(adminJob.id, admin)).state).toBe("done");
  });
});

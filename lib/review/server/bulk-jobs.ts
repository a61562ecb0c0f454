import "server-only";
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { audited, auditRunner, type AuditActor } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { flaggedMessage as fm, reviewBulkJob, staff, type ReviewBulkJobRow } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { BULK_JOB_BATCH } from "@/lib/review/model/bulk-job-states";
import { filterConditions, tabCondition } from "./queue-query";
import { parseQueueView, queueViewToSearch, type QueueView } from "@/lib/review/model/queue-view";
import { policyDetail } from "@/lib/policies/server/policies";
import { decisionPolicy } from "./decision-policy";
import { readPolicy } from "@/lib/policies/server/policies";
import { decideItems } from "./review-actions";
import type { BulkJob, BulkJobBody } from "@/lib/review/model/review-schemas";

/**
 * A decision on every open item a view matches, however many: "resolve everything this filter
 * shows". The job walks the view in id order, a batch of BULK_JOB_BATCH items at a time, each batch
 * decided like a bulk decision (one transaction, one audit row naming the job; items a colleague
 * holds, or that wait for an admin, are skipped with the reason). It runs in the instance that
 * started it and, should that one stop, in whichever instance next finds its lease run out. There
 * is no undo: the confirmation says so, and the moderator can stop it between batches.
 */

/** How long an instance holds a job between batches; another takes it over after that. */
export const JOB_LEASE_MS = 30_000;

const viewOf = (row: ReviewBulkJobRow): QueueView => parseQueueView(new URLSearchParams(row.view));

export function toBulkJob(row: ReviewBulkJobRow): BulkJob {
  return {
    id: row.id,
    action: row.action === "dismiss" ? "dismiss" : "resolve",
    view: queueViewToSearch(viewOf(row)),
    state: row.state,
    total: row.total,
    decided: row.decided,
    skipped: row.skipped,
    error: row.lastError,
    createdAt: Math.floor(row.createdAt.getTime() / 1000),
    finishedAt: row.finishedAt ? Math.floor(row.finishedAt.getTime() / 1000) : null,
  };
}

/** The open items of the view (the tab's, under its filters): what a job decides. */
function openInView(view: QueueView, viewer: { id: string; admin: boolean }) {
  return and(eq(fm.state, "open"), tabCondition(view.tab), ...filterConditions(view, viewer));
}

/** Starts a job over the view (audited) and runs it in this process, answering at once with the job as it starts. */
export async function startBulkJob(db: Db, session: StaffSession, body: BulkJobBody): Promise<BulkJob> {
  const row = await createBulkJob(db, session, body);
  void runBulkJob(db, row.id).catch((error: unknown) => log().error({ err: error, jobId: row.id }, "a bulk decision job stopped on an error; it says so on its page"));
  return toBulkJob(row);
}

/** The job's row, holding its first lease (audited: who asked to decide which view). */
export async function createBulkJob(db: Db, session: StaffSession, body: BulkJobBody, now = new Date()): Promise<ReviewBulkJobRow> {
  const viewer = { id: session.id, admin: session.role === "admin" };
  const view = body.view;
  const actor: AuditActor = { id: session.id, email: session.email, role: session.role };
  const policy = await decisionPolicy(db, body.action, body.policyId);
  const row = await audited(
    db,
    {
      actor,
      action: body.action === "dismiss" ? "review.dismiss" : "review.resolve",
      detail: { bulk: true, job: "started", view: queueViewToSearch(view), ...(body.note ? { note: body.note } : {}), ...policyDetail(policy) },
    },
    async () => {
      const [{ n = 0 } = {}] = await db.select({ n: sql<number>`count(*)::int` }).from(fm).where(openInView(view, viewer));
      if (n === 0) throw new ApiError("ERR_CONFLICT", "No open item matches this view now: nothing to decide.");
      const [inserted] = await db
        .insert(reviewBulkJob)
        .values({
          staffId: session.id,
          action: body.action,
          view: Object.fromEntries(new URLSearchParams(queueViewToSearch(view))),
          note: body.note ?? null,
          policyId: policy?.id ?? null,
          total: Number(n),
          leaseUntil: new Date(now.getTime() + JOB_LEASE_MS),
        })
        .returning();
      if (!inserted) throw new Error("the job row was not written");
      return inserted;
    },
    (inserted) => ({ jobId: inserted.id, total: inserted.total }),
  );
  return row;
}

/** The job, for its owner or an admin (404 for anyone else, as for a job that does not exist). */
export async function readBulkJob(db: Db, session: StaffSession, id: number): Promise<BulkJob> {
  return toBulkJob(await ownJob(db, session, id));
}

async function ownJob(db: Db, session: StaffSession, id: number): Promise<ReviewBulkJobRow> {
  const [row] = await db.select().from(reviewBulkJob).where(eq(reviewBulkJob.id, id));
  if (!row || (row.staffId !== session.id && session.role !== "admin")) throw new ApiError("ERR_NOT_FOUND", "There is no such bulk decision.");
  return row;
}

/** Stops a running job after its current batch (audited); what was decided stays decided. */
export async function cancelBulkJob(db: Db, session: StaffSession, id: number): Promise<BulkJob> {
  const row = await ownJob(db, session, id);
  if (row.state !== "running") return toBulkJob(row);
  const actor: AuditActor = { id: session.id, email: session.email, role: session.role };
  const [cancelled] = await audited(db, { actor, action: row.action === "dismiss" ? "review.dismiss" : "review.resolve", detail: { bulk: true, job: "cancelled", jobId: id } }, () =>
    db
      .update(reviewBulkJob)
      .set({ state: "cancelled", finishedAt: new Date() })
      .where(and(eq(reviewBulkJob.id, id), eq(reviewBulkJob.state, "running")))
      .returning(),
  );
  return toBulkJob(cancelled ?? (await ownJob(db, session, id)));
}

/** Takes the job for this process (its lease free or run out), or null when another holds it or it ended. */
async function takeLease(db: Db, id: number, now: Date): Promise<ReviewBulkJobRow | null> {
  const [row] = await db
    .update(reviewBulkJob)
    .set({ leaseUntil: new Date(now.getTime() + JOB_LEASE_MS) })
    .where(and(eq(reviewBulkJob.id, id), eq(reviewBulkJob.state, "running"), or(isNull(reviewBulkJob.leaseUntil), lt(reviewBulkJob.leaseUntil, now))))
    .returning();
  return row ?? null;
}

/**
 * Runs the job's batches until it is done or cancelled, renewing its lease with each. `afterBatch`
 * runs between batches (a test stops the job there).
 */
export async function runBulkJob(db: Db, id: number, options: { now?: () => Date; afterBatch?: () => Promise<void> } = {}): Promise<void> {
  const now = options.now ?? (() => new Date());
  // The instance that started the job holds its first lease already; the renewal below keeps it.
  for (;;) {
    const [job] = await db.select().from(reviewBulkJob).where(eq(reviewBulkJob.id, id));
    if (!job || job.state !== "running") return;
    const [owner] = job.staffId ? await db.select().from(staff).where(eq(staff.id, job.staffId)) : [];
    if (!owner || owner.disabled) {
      await finish(db, id, "failed", "The staff member who started it can no longer act.");
      return;
    }
    const view = viewOf(job);
    const viewer = { id: owner.id, admin: owner.role === "admin" };
    const batch = await db
      .select({ id: fm.id, version: fm.version })
      .from(fm)
      .where(and(openInView(view, viewer), job.afterId ? gt(fm.id, job.afterId) : undefined))
      .orderBy(asc(fm.id))
      .limit(BULK_JOB_BATCH);
    const last = batch.at(-1);
    if (!last) {
      await finish(db, id, "done", null);
      return;
    }
    // The batches act as the staff member who started the job, with their role as it is now.
    const actor = { id: owner.id, name: owner.name || owner.email, admin: owner.role === "admin" };
    const runner = auditRunner(() => db, { actor: { id: owner.id, email: owner.email, role: owner.role }, requestId: `bulk-job-${id}` });
    try {
      const result = await decideItems(
        db,
        runner,
        actor,
        {
          action: job.action === "dismiss" ? "dismiss" : "resolve",
          ids: batch.map((b) => b.id),
          seen: new Map(batch.map((b) => [b.id, b.version])),
          note: job.note ?? undefined,
          // Checked when the job started; each batch records the weight the policy has now, as a decision would.
          policy: job.policyId === null ? null : await readPolicy(db, job.policyId),
        },
        { undoable: false, detail: { jobId: id } },
      );
      // Stops here when the job was cancelled meanwhile: the batch done is counted, the rest is not started.
      await db
        .update(reviewBulkJob)
        .set({
          decided: sql`${reviewBulkJob.decided} + ${result.updated.length}`,
          skipped: sql`${reviewBulkJob.skipped} + ${result.skipped.length}`,
          afterId: last.id,
          leaseUntil: new Date(now().getTime() + JOB_LEASE_MS),
        })
        .where(eq(reviewBulkJob.id, id));
    } catch (error) {
      await finish(db, id, "failed", error instanceof Error ? error.message : String(error));
      throw error;
    }
    await options.afterBatch?.();
  }
}

async function finish(db: Db, id: number, state: "done" | "failed", error: string | null) {
  await db
    .update(reviewBulkJob)
    .set({ state, lastError: error, finishedAt: new Date(), leaseUntil: null })
    .where(and(eq(reviewBulkJob.id, id), eq(reviewBulkJob.state, "running")));
}

/** Runs, in this process, every job whose instance stopped (its lease ran out). Called by the background loop. */
export async function resumeAbandonedJobs(db: Db, now = new Date()): Promise<number[]> {
  const abandoned = await db
    .select({ id: reviewBulkJob.id })
    .from(reviewBulkJob)
    .where(and(eq(reviewBulkJob.state, "running"), or(isNull(reviewBulkJob.leaseUntil), lt(reviewBulkJob.leaseUntil, now))));
  const resumed: number[] = [];
  for (const { id } of abandoned) {
    if (!(await takeLease(db, id, now))) continue;
    resumed.push(id);
    await runBulkJob(db, id);
  }
  return resumed;
}

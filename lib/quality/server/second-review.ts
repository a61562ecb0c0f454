import "server-only";
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { qualitySample } from "@/lib/db/schema";
import type { NextSampleResponse, SecondReviewBody, SecondReviewResult } from "@/lib/quality/model/quality-schemas";
import type { QualityDecision } from "@/lib/quality/model/quality-constants";
import { policyDetail } from "@/lib/policies/server/policies";
import { decisionPolicy } from "@/lib/review/server/decision-policy";
import { blindSamples, readSamples, sampleDecisions } from "./sample-rows";

const NO_SAMPLE = "There is no second-review sample with this id.";

/** Waiting for a second review, and not the viewer's own decision. */
const waitingFor = (staffId: string) => and(eq(qualitySample.state, "pending"), or(isNull(qualitySample.firstById), ne(qualitySample.firstById, staffId)));

/** The command a decision is made with, for the policy rules every decision follows. */
export const commandOf = (decision: QualityDecision) => (decision === "resolved" ? "resolve" : "dismiss");

/** Whether two decisions agree: the same outcome and, for an uphold, the same policy. */
export const sameDecision = (a: { decision: QualityDecision; policyId: number | null }, b: { decision: QualityDecision; policyId: number | null }) =>
  a.decision === b.decision && (a.decision === "dismissed" || a.policyId === b.policyId);

/**
 * The sample this staff member is asked to review next, blind, and how many wait for them. Each
 * staff member walks the waiting samples in their own fixed order (a hash of sample and reviewer),
 * so colleagues reviewing at the same time rarely open the same one.
 */
export async function nextSampleFor(db: Db, viewerId: string): Promise<NextSampleResponse> {
  const where = waitingFor(viewerId);
  const [[counted], next] = await Promise.all([
    db.select({ waiting: sql<number>`count(*)::int` }).from(qualitySample).where(where),
    db
      .select({ id: qualitySample.id, messageId: qualitySample.messageId })
      .from(qualitySample)
      .where(where)
      .orderBy(sql`md5(${qualitySample.id}::text || ${viewerId})`)
      .limit(1),
  ]);
  const blind = next.length ? await blindSamples(db, next) : new Map();
  return { data: next[0] ? (blind.get(next[0].id) ?? null) : null, waiting: counted?.waiting ?? 0 };
}

/**
 * Records a second review: refused (403) to the one who made the decision, (409) when a colleague
 * reviewed it first or the decision was taken back. A disagreement waits for an admin's ruling.
 * Only now is the first decision shown to the reviewer.
 */
export async function recordSecondReview(db: Db, audited: AuditRunner, session: StaffSession, sampleId: number, body: SecondReviewBody): Promise<SecondReviewResult> {
  const named = await decisionPolicy(db, commandOf(body.decision), body.policyId);
  const [target] = await db.select({ messageId: qualitySample.messageId }).from(qualitySample).where(eq(qualitySample.id, sampleId));
  if (!target) throw new ApiError("ERR_NOT_FOUND", NO_SAMPLE);
  const result = await audited(
    { action: "quality.review", targetMessageId: target.messageId, detail: { sampleId, decision: body.decision, ...policyDetail(named) } },
    () =>
      db.transaction(async (tx) => {
        const [sample] = await tx.select().from(qualitySample).where(eq(qualitySample.id, sampleId)).for("update");
        if (!sample) throw new ApiError("ERR_NOT_FOUND", NO_SAMPLE);
        if (sample.firstById === session.id) throw new ApiError("ERR_FORBIDDEN", "You made this decision: its second review is a colleague's.");
        if (sample.state === "withdrawn") throw new ApiError("ERR_CONFLICT", "This decision was taken back (the item was reopened), so there is nothing left to review.");
        if (sample.state !== "pending") throw new ApiError("ERR_CONFLICT", "A colleague reviewed this sample first. Nothing was recorded; go on with the next one.");
        const agreed = sameDecision({ decision: body.decision, policyId: named?.id ?? null }, { decision: sample.firstDecision, policyId: sample.firstPolicyId });
        await tx
          .update(qualitySample)
          .set({
            state: agreed ? "agreed" : "disputed",
            secondById: session.id,
            secondDecision: body.decision,
            secondPolicyId: named?.id ?? null,
            secondNote: body.note ?? null,
            secondAt: new Date(),
          })
          .where(eq(qualitySample.id, sampleId));
        return agreed;
      }),
    (agreed) => ({ agreed }),
  );
  const [read] = await readSamples(db, eq(qualitySample.id, sampleId), [], 1);
  if (!read) throw new ApiError("ERR_NOT_FOUND", NO_SAMPLE);
  return { sampleId, agreed: result, first: sampleDecisions(read).first };
}

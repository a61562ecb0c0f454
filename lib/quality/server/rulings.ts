import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { qualitySample } from "@/lib/db/schema";
import type { Dispute, DisputesResponse, RulingBody, RulingResult } from "@/lib/quality/model/quality-schemas";
import { policyDetail } from "@/lib/policies/server/policies";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { applyReviewCommand } from "@/lib/review/model/transitions";
import { recordDecisionChanges } from "@/lib/review/server/decision-changes";
import { decisionPolicy } from "@/lib/review/server/decision-policy";
import { insertNotes, lockReviewItems, reviewActor, writeReviewFields } from "@/lib/review/server/review-store";
import { blindSamples, readSamples, sampleDecisions, type NamedSample } from "./sample-rows";
import { commandOf, sameDecision } from "./second-review";

/** How many disagreements the admins' list shows at once, waiting and ruled. */
const LISTED = 100;
const RECENTLY_RULED = 20;

async function disputes(db: Db, rows: NamedSample[]): Promise<Dispute[]> {
  const blind = await blindSamples(db, rows.map(({ sample }) => ({ id: sample.id, messageId: sample.messageId })));
  return rows.flatMap((row) => {
    const seen = blind.get(row.sample.id);
    const { first, second, ruling } = sampleDecisions(row);
    return seen && second ? [{ ...seen, state: row.sample.state, first, second, ruling }] : [];
  });
}

/** The disagreements waiting for a ruling, oldest first, and the latest ruled. */
export async function listDisputes(db: Db): Promise<DisputesResponse> {
  const [waiting, ruled] = await Promise.all([
    readSamples(db, eq(qualitySample.state, "disputed"), [asc(qualitySample.secondAt), asc(qualitySample.id)], LISTED),
    readSamples(db, eq(qualitySample.state, "ruled"), [desc(qualitySample.rulingAt), desc(qualitySample.id)], RECENTLY_RULED),
  ]);
  const [data, done] = await Promise.all([disputes(db, waiting), disputes(db, ruled)]);
  return { data, ruled: done };
}

/**
 * An admin's ruling on a disagreement, which stands: when it differs from the item's decision
 * (outcome or policy), the item is decided again as the ruling says, by the admin, with the
 * ruling's note in its thread, and the new decision is written back like any other (not sampled:
 * it is the last word). Refused (409) unless the sample waits for a ruling.
 */
export async function ruleOnDispute(db: Db, audited: AuditRunner, session: StaffSession, sampleId: number, body: RulingBody): Promise<RulingResult> {
  const named = await decisionPolicy(db, commandOf(body.decision), body.policyId);
  const [target] = await db.select({ messageId: qualitySample.messageId }).from(qualitySample).where(eq(qualitySample.id, sampleId));
  if (!target) throw new ApiError("ERR_NOT_FOUND", "There is no second-review sample with this id.");
  const actor = reviewActor(session);
  const changed = await audited(
    { action: "quality.ruling", targetMessageId: target.messageId, detail: { sampleId, decision: body.decision, note: body.note, ...policyDetail(named) } },
    () =>
      db.transaction(async (tx) => {
        const [sample] = await tx.select().from(qualitySample).where(eq(qualitySample.id, sampleId)).for("update");
        if (!sample) throw new ApiError("ERR_NOT_FOUND", "There is no second-review sample with this id.");
        if (sample.state === "ruled") throw new ApiError("ERR_CONFLICT", "An admin has already ruled on this disagreement.");
        if (sample.state === "withdrawn") throw new ApiError("ERR_CONFLICT", "This decision was taken back (the item was reopened) before a ruling: there is nothing left to rule on.");
        if (sample.state !== "disputed") throw new ApiError("ERR_CONFLICT", "Only a disagreement waits for a ruling.");
        const item = (await lockReviewItems(tx, [sample.messageId])).get(sample.messageId);
        if (!item) throw new ApiError("ERR_NOT_FOUND", "This message is not in the review queue.");
        const ruling = { decision: body.decision, policyId: named?.id ?? null };
        const current = item.fields.state === "resolved" || item.fields.state === "dismissed" ? { decision: item.fields.state, policyId: item.fields.policyId } : null;
        const replaces = !current || !sameDecision(ruling, current);
        if (replaces) {
          const now = Math.floor(Date.now() / 1000);
          const reopened = applyReviewCommand(item.fields, "reopen", actor, now);
          const base = reopened.ok ? reopened.next : item.fields;
          const decided = applyReviewCommand(base, commandOf(body.decision), actor, now, body.note, true, named);
          if (!decided.ok) throw new ApiError("ERR_CONFLICT", decided.reason);
          await writeReviewFields(tx, [sample.messageId], decided.next, actor.id);
          await recordDecisionChanges(tx, [{ id: sample.messageId, from: item.fields.state, to: decided.next.state, next: decided.next }], actor.id, { sample: false });
        }
        await insertNotes(tx, [sample.messageId], actor, `Ruling on a second review: ${body.note}`);
        await tx
          .update(qualitySample)
          .set({ state: "ruled", rulingById: session.id, rulingDecision: body.decision, rulingPolicyId: named?.id ?? null, rulingNote: body.note, rulingAt: new Date() })
          .where(eq(qualitySample.id, sampleId));
        return replaces;
      }),
    (replaced) => ({ changed: replaced }),
  );
  markQueueChanged(db, [target.messageId]);
  return { sampleId, changed };
}

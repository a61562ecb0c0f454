import "server-only";
import { and, inArray, sql } from "drizzle-orm";
import { flaggedMessage, qualitySample } from "@/lib/db/schema";
import type { StateChange } from "@/lib/review/server/decision-outbox";
import type { Tx } from "@/lib/review/server/review-store";
import { decisionKey, type DecisionSampler } from "./sampler";

const isDecision = (state: string): state is "resolved" | "dismissed" => state === "resolved" || state === "dismissed";

/**
 * Keeps the second-review samples in line with these items' new review states, inside the
 * transaction that changed them. A decision taken back (the item reopened, or the decision undone)
 * withdraws its sample while nobody has ruled on it: there is nothing left to check. A new decision
 * is drawn by `sampler` (null: none is drawn, as for an admin's ruling, itself the last word); one
 * drawn before and withdrawn comes back as it was when an undo restores it.
 */
export async function followDecisionChanges(tx: Tx, changes: StateChange[], sampler: DecisionSampler | null): Promise<void> {
  const changed = changes.filter((c) => c.from !== c.to);
  const reopened = changed.filter((c) => c.to === "open").map((c) => c.id);
  if (reopened.length) {
    await tx
      .update(qualitySample)
      .set({ state: "withdrawn" })
      .where(and(inArray(qualitySample.messageId, reopened), inArray(qualitySample.state, ["pending", "disputed"])));
  }
  const decided = changed.filter((c) => isDecision(c.to)).map((c) => c.id);
  if (!sampler || decided.length === 0) return;
  const rows = await tx
    .select({ id: flaggedMessage.id, state: flaggedMessage.state, decidedAt: flaggedMessage.decidedAt, decidedById: flaggedMessage.decidedById, policyId: flaggedMessage.policyId })
    .from(flaggedMessage)
    .where(inArray(flaggedMessage.id, decided));
  const drawn = rows.flatMap((row) =>
    row.decidedAt && isDecision(row.state) && sampler(decisionKey(row.id, row.decidedAt))
      ? [{ messageId: row.id, decidedAt: row.decidedAt, firstById: row.decidedById, firstDecision: row.state, firstPolicyId: row.policyId }]
      : [],
  );
  if (drawn.length === 0) return;
  await tx
    .insert(qualitySample)
    .values(drawn)
    .onConflictDoUpdate({
      target: [qualitySample.messageId, qualitySample.decidedAt],
      // Decided again within the same second, the decision may differ from the one withdrawn.
      set: {
        state: sql`case when ${qualitySample.secondAt} is null then 'pending' else 'disputed' end::quality_sample_state`,
        firstById: sql`excluded.first_by_id`,
        firstDecision: sql`excluded.first_decision`,
        firstPolicyId: sql`excluded.first_policy_id`,
      },
      setWhere: sql`${qualitySample.state} = 'withdrawn'`,
    });
}

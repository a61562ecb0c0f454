import "server-only";
import { and, inArray, sql } from "drizzle-orm";
import { qualitySample } from "@/lib/db/schema";
import type { ReviewFields } from "@/lib/review/model/review-schemas";
import type { StateChange } from "@/lib/review/server/decision-outbox";
import type { Tx } from "@/lib/review/server/review-store";
import { decisionKey, type DecisionSampler } from "./sampler";

/** A change of review state with the fields the item was just written with. */
export type DecisionChange = StateChange & { next: Pick<ReviewFields, "decidedAt" | "decidedBy" | "policyId"> };

const isDecision = (state: string): state is "resolved" | "dismissed" => state === "resolved" || state === "dismissed";

/**
 * Keeps the second-review samples in line with these items' new review states, inside the
 * transaction that changed them. A decision taken back (the item reopened, or the decision undone)
 * withdraws its sample while nobody has ruled on it: there is nothing left to check. New decisions
 * are drawn by the sampler `drawWith` gives, asked for only when there is one (null: none is
 * drawn, as for an admin's ruling, itself the last word); one drawn before and withdrawn comes
 * back as it was when an undo restores it.
 */
export async function followDecisionChanges(tx: Tx, changes: DecisionChange[], drawWith: () => Promise<DecisionSampler | null>): Promise<void> {
  const changed = changes.filter((c) => c.from !== c.to);
  const reopened = changed.filter((c) => c.to === "open").map((c) => c.id);
  if (reopened.length) {
    await tx
      .update(qualitySample)
      .set({ state: "withdrawn" })
      .where(and(inArray(qualitySample.messageId, reopened), inArray(qualitySample.state, ["pending", "disputed"])));
  }
  const decided = changed.flatMap((c) => (isDecision(c.to) && c.next.decidedAt !== null ? [{ ...c, to: c.to, decidedAt: new Date(c.next.decidedAt * 1000) }] : []));
  if (decided.length === 0) return;
  const sampler = await drawWith();
  if (!sampler) return;
  const drawn = decided
    .filter((c) => sampler(decisionKey(c.id, c.decidedAt)))
    .map((c) => ({ messageId: c.id, decidedAt: c.decidedAt, firstById: c.next.decidedBy?.id ?? null, firstDecision: c.to, firstPolicyId: c.next.policyId }));
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

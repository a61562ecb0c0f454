import "server-only";
import { eq, type SQL } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/open";
import { policy, qualitySample, staff, type QualitySampleRow } from "@/lib/db/schema";
import { epochSeconds } from "@/lib/format/epoch-seconds";
import type { BlindItem, BlindSample, SampleDecision } from "@/lib/quality/model/quality-schemas";
import type { QualityDecision } from "@/lib/quality/model/quality-constants";
import { loadQueueItems } from "@/lib/review/server/load-queue";
import { staffRef } from "@/lib/review/server/item-staff";

/** The staff and policies a sample names, joined by id, for the disputes and the second reviewer's result. */
function sampleJoins() {
  const first = alias(staff, "first_by");
  const second = alias(staff, "second_by");
  const ruling = alias(staff, "ruling_by");
  const firstPolicy = alias(policy, "first_policy");
  const secondPolicy = alias(policy, "second_policy");
  const rulingPolicy = alias(policy, "ruling_policy");
  return {
    names: {
      firstName: first.name,
      secondName: second.name,
      rulingName: ruling.name,
      firstPolicyName: firstPolicy.name,
      secondPolicyName: secondPolicy.name,
      rulingPolicyName: rulingPolicy.name,
    },
    join<Q extends PgSelect>(query: Q) {
      return query
        .leftJoin(first, eq(first.id, qualitySample.firstById))
        .leftJoin(second, eq(second.id, qualitySample.secondById))
        .leftJoin(ruling, eq(ruling.id, qualitySample.rulingById))
        .leftJoin(firstPolicy, eq(firstPolicy.id, qualitySample.firstPolicyId))
        .leftJoin(secondPolicy, eq(secondPolicy.id, qualitySample.secondPolicyId))
        .leftJoin(rulingPolicy, eq(rulingPolicy.id, qualitySample.rulingPolicyId));
    },
  };
}

type Names = { [K in keyof ReturnType<typeof sampleJoins>["names"]]: string | null };
export type NamedSample = { sample: QualitySampleRow } & Names;

/** Samples with the names they carry, in the order `orderBy` gives. */
export async function readSamples(db: Db, where: SQL | undefined, orderBy: SQL[], limit: number): Promise<NamedSample[]> {
  const joins = sampleJoins();
  const query = db.select({ sample: qualitySample, ...joins.names }).from(qualitySample).$dynamic();
  return joins.join(query).where(where).orderBy(...orderBy).limit(limit);
}

const decisionOf = (
  byId: string | null,
  byName: string | null,
  decision: QualityDecision | null,
  policyId: number | null,
  policyName: string | null,
  note: string | null,
  at: Date | null,
): SampleDecision | null =>
  decision && at ? { by: staffRef(byId, byName), decision, policy: policyId === null ? null : { id: policyId, name: policyName ?? "" }, note, at: epochSeconds(at) } : null;

/** The first decision, the second review's and the ruling, each null until made. */
export function sampleDecisions({ sample: s, ...n }: NamedSample) {
  return {
    first: decisionOf(s.firstById, n.firstName, s.firstDecision, s.firstPolicyId, n.firstPolicyName, null, s.decidedAt) as SampleDecision,
    second: decisionOf(s.secondById, n.secondName, s.secondDecision, s.secondPolicyId, n.secondPolicyName, s.secondNote, s.secondAt),
    ruling: decisionOf(s.rulingById, n.rulingName, s.rulingDecision, s.rulingPolicyId, n.rulingPolicyName, s.rulingNote, s.rulingAt),
  };
}

/**
 * These samples' items as a second reviewer may see them: the message and its flags, nothing of
 * the decision (state, decider, policy, notes, write-back). A sample whose item is gone is left out.
 */
export async function blindSamples(db: Db, samples: readonly { id: number; messageId: string }[]): Promise<Map<number, BlindSample>> {
  const loaded = await loadQueueItems(db, [...new Set(samples.map((s) => s.messageId))]);
  const items = new Map(loaded.data.map((item) => [item.id, item]));
  const blind = new Map<number, BlindSample>();
  for (const sample of samples) {
    const item = items.get(sample.messageId);
    if (!item) continue;
    const view: BlindItem = {
      id: item.id,
      conversationId: item.conversationId,
      text: item.text,
      type: item.type,
      category: item.category,
      receiverType: item.receiverType,
      group: item.group,
      content: item.content,
      sentAt: item.sentAt,
      senderUid: item.senderUid,
      receiverUid: item.receiverUid,
      flaggedCount: item.flaggedCount,
      firstFlaggedAt: item.firstFlaggedAt,
      lastFlaggedAt: item.lastFlaggedAt,
      flags: item.flags,
    };
    const uids = new Set([item.senderUid, item.receiverUid, ...item.flags.map((f) => f.uid)]);
    const reasonIds = new Set(item.flags.map((f) => f.reasonId));
    blind.set(sample.id, {
      id: sample.id,
      item: view,
      people: Object.fromEntries(Object.entries(loaded.people).filter(([uid]) => uids.has(uid))),
      reasons: Object.fromEntries(Object.entries(loaded.reasons).filter(([id]) => reasonIds.has(id))),
    });
  }
  return blind;
}

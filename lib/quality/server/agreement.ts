import "server-only";
import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { policy, qualitySample, staff } from "@/lib/db/schema";
import { AGREEMENT_DAYS } from "@/lib/quality/model/quality-constants";
import type { Agreement } from "@/lib/quality/model/quality-schemas";

/** Who asks: an admin sees every staff member's figures, a moderator those of their own decisions. */
export type AgreementViewer = { id: string; role: "admin" | "moderator" };

const DAY_MS = 86_400_000;
const NO_POLICY = "No policy (dismissals, and upholds under none)";

const count = (condition?: SQL) => (condition ? sql<number>`(count(*) filter (where ${condition}))::int` : sql<number>`count(*)::int`);
const percent = (agreed: number, reviewed: number) => (reviewed === 0 ? null : Math.round((1000 * agreed) / reviewed) / 10);
/** A ruling that kept the first decision: the same outcome and, for an uphold, the same policy. */
const upheld = sql`${qualitySample.rulingDecision} = ${qualitySample.firstDecision} and (${qualitySample.firstDecision} = 'dismissed' or ${qualitySample.rulingPolicyId} is not distinct from ${qualitySample.firstPolicyId})`;

/**
 * How often second reviews agreed with first decisions, over the second reviews of the last 30
 * days up to `now`: per first decider and per policy the first decision named. Every reviewed
 * sample counts, whatever happened after (a disagreement later withdrawn still was one).
 */
export async function readAgreement(db: Db, viewer: AgreementViewer, now = new Date()): Promise<Agreement> {
  const since = new Date(now.getTime() - AGREEMENT_DAYS * DAY_MS);
  const reviewed = and(gte(qualitySample.secondAt, since), lt(qualitySample.secondAt, now), viewer.role === "admin" ? undefined : eq(qualitySample.firstById, viewer.id));
  const figures = { reviewed: count(), agreed: count(sql`${qualitySample.state} = 'agreed'`) };
  const [byStaff, byPolicy, [waiting]] = await Promise.all([
    db
      .select({ staffId: qualitySample.firstById, name: staff.name, email: staff.email, ...figures, upheld: count(sql`${qualitySample.state} = 'ruled' and ${upheld}`), ruled: count(sql`${qualitySample.state} = 'ruled'`) })
      .from(qualitySample)
      .leftJoin(staff, eq(staff.id, qualitySample.firstById))
      .where(reviewed)
      .groupBy(qualitySample.firstById, staff.name, staff.email)
      .orderBy(staff.name),
    db
      .select({ policyId: qualitySample.firstPolicyId, name: policy.name, ...figures })
      .from(qualitySample)
      .leftJoin(policy, eq(policy.id, qualitySample.firstPolicyId))
      .where(reviewed)
      .groupBy(qualitySample.firstPolicyId, policy.name)
      .orderBy(policy.name),
    db
      .select({ pending: count(sql`${qualitySample.state} = 'pending'`), disputed: count(sql`${qualitySample.state} = 'disputed'`) })
      .from(qualitySample)
      .where(inArray(qualitySample.state, ["pending", "disputed"])),
  ]);
  return {
    days: AGREEMENT_DAYS,
    staff: byStaff.map((row) => ({
      staffId: row.staffId,
      // Named as the health page names people in its other tables.
      name: row.staffId ? row.name || row.email || row.staffId : "Former staff",
      reviewed: row.reviewed,
      agreed: row.agreed,
      percent: percent(row.agreed, row.reviewed),
      upheld: row.upheld,
      overturned: row.ruled - row.upheld,
    })),
    policies: byPolicy.map((row) => ({ policyId: row.policyId, name: row.policyId === null ? NO_POLICY : (row.name ?? ""), reviewed: row.reviewed, agreed: row.agreed, percent: percent(row.agreed, row.reviewed) })),
    pending: waiting?.pending ?? 0,
    disputed: waiting?.disputed ?? 0,
  };
}

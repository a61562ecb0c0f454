import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { policy, reasonPolicy } from "@/lib/db/schema";
import { ageMovesScoreAt, priorityScore, type FlaggerRecord, type PriorityBreakdown } from "@/lib/policies/model/priority";
import { readReporterReliability } from "@/lib/reporters/server/reporter-reliability";
import type { TeamSettings } from "@/lib/settings/model/team-settings";
import { readTeamSettings } from "@/lib/settings/server/team-settings";
import { liveStrikes } from "@/lib/strikes/server/strike-ledger";

/**
 * The backstop: strikes expire in days, so a few hours' lag is within their grain, and 100,000 items
 * re-scored over six hours are 5 rows a second (a quarter hour, the first version, was 110).
 */
export const RESCORE_AFTER_MS = 6 * 3_600_000;

/** An open item as the score needs it: its live (not set-aside) flags with their reasons' severities. */
export type ScoreSubject = { id: string; senderUid: string; firstFlaggedAt: Date; flags: readonly { flaggerUid: string; severity: number | null }[] };
/** What every item's score is made with besides its own inputs: the team's settings, each reason's severity, the review target. */
export type ScoringInputs = { settings: TeamSettings; severities: Map<string, number>; targetHours: number };
/** `dueAt` (ms): when waiting alone next moves the score, or the backstop, whichever is sooner. */
export type ItemScore = { id: string; priority: number; detail: PriorityBreakdown; dueAt: number };

/**
 * Each item's score at `nowMs` from its flags' severities, its flaggers' records and its sender's
 * live strikes: the one way both the scorer (items already stored) and the sync (items it is about
 * to insert, so a first import is ranked as it lands and never rewritten to be scored) score.
 */
export async function scoreItems(db: Db, subjects: readonly ScoreSubject[], { settings, targetHours }: ScoringInputs, nowMs: number): Promise<ItemScore[]> {
  if (subjects.length === 0) return [];
  const [records, strikes] = await Promise.all([
    readReporterReliability(db, [...new Set(subjects.flatMap((item) => item.flags.map((f) => f.flaggerUid)))]),
    liveStrikes(db, [...new Set(subjects.map((item) => item.senderUid))], new Date(nowMs), settings.strikeExpiryDays),
  ]);
  const strikesForFull = Math.max(0, ...settings.strikeThresholds.map((t) => t.strikes));
  const backstop = nowMs + RESCORE_AFTER_MS;
  return subjects.map((item) => {
    const severities = item.flags.flatMap((f) => (f.severity === null ? [] : [f.severity]));
    const firstFlaggedMs = item.firstFlaggedAt.getTime();
    const inputs = {
      severity: severities.length ? Math.max(...severities) : null,
      flaggers: item.flags.map((f) => records.get(f.flaggerUid) ?? NO_RECORD),
      liveStrikes: strikes.get(item.senderUid) ?? 0,
      strikesForFull,
      ageSeconds: (nowMs - firstFlaggedMs) / 1000,
      targetSeconds: targetHours * 3600,
    };
    const moves = ageMovesScoreAt(inputs, settings.priorityWeights);
    const breakdown = priorityScore(inputs, settings.priorityWeights);
    return { id: item.id, priority: breakdown.score, detail: breakdown, dueAt: moves === null ? backstop : Math.min(backstop, firstFlaggedMs + moves * 1000) };
  });
}

/** Read once for many items: per scorer batch, per sync for every page it stores. */
export async function readScoringInputs(db: Db, targetHours: number): Promise<ScoringInputs> {
  const [settings, severities] = await Promise.all([readTeamSettings(db), readReasonSeverities(db)]);
  return { settings, severities, targetHours };
}

/** Each reason's severity: that of the policy it is mapped to, unless the policy is archived; in reason order, so two reads compare equal. */
async function readReasonSeverities(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ reasonId: reasonPolicy.reasonId, severity: policy.severity })
    .from(reasonPolicy)
    .innerJoin(policy, and(eq(policy.id, reasonPolicy.policyId), eq(policy.archived, false)))
    .orderBy(reasonPolicy.reasonId);
  return new Map(rows.map((row) => [row.reasonId, row.severity]));
}

const NO_RECORD: FlaggerRecord = { upheld: 0, dismissed: 0 };

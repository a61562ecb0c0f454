import { z } from "zod";
import type { PriorityWeights } from "@/lib/settings/model/team-settings";
import type { ReporterRecord } from "@/lib/reporters/model/reporter-record";
import { PRIORITY_PARTS, type PriorityPart } from "./priority-parts";

/**
 * An open item's priority, 0–100: how harmful its policies are, how many people flagged it (each
 * counted by how often their flags were upheld), how many live strikes its sender has, and how
 * long it has waited against the review target. Each part is a share from 0 to 1; the score is
 * their weighted mean (weights are team settings), so it reads as "percent of the most urgent".
 * The one place the formula lives: the server scores items with it, the tests fix its cases.
 */

/** A flagger's record over their latest decided flags (lib/reporters), without whether they are muted. */
export type FlaggerRecord = Pick<ReporterRecord, "upheld" | "dismissed">;

export type PriorityInputs = {
  /** The highest severity (1–5) among the item's policies (decided, or mapped from its flags' reasons); null when none is known. */
  severity: number | null;
  /** The item's live (not set aside) flaggers' records over their last decided flags. */
  flaggers: readonly FlaggerRecord[];
  /** The sender's live strikes (weights summed). */
  liveStrikes: number;
  /** The strikes at which the highest threshold recommends an action: that many strikes count in full. */
  strikesForFull: number;
  ageSeconds: number;
  targetSeconds: number;
};

/** A flagger nobody has decided on yet counts as half; each upheld or dismissed flag moves that (Laplace's rule). */
export const flaggerWeight = ({ upheld, dismissed }: FlaggerRecord) => (upheld + 1) / (upheld + dismissed + 2);

/** This many fully reliable flaggers count in full. */
export const FLAGGERS_FOR_FULL = 5;


export const priorityPartSchema = z.object({
  /** The part's share, 0–1, before its weight. */
  share: z.number(),
  /** Points it adds to the score. */
  points: z.number(),
  /** What it was computed from, in words for the breakdown. */
  basis: z.string(),
});

/** An item's score and the "why this score" breakdown the item shows. */
export const priorityBreakdownSchema = z.object({
  score: z.number().int().min(0).max(100),
  parts: z.record(z.enum(PRIORITY_PARTS), priorityPartSchema),
});
export type PriorityBreakdown = z.infer<typeof priorityBreakdownSchema>;

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function hours(seconds: number): string {
  const h = seconds / 3600;
  return h < 1 ? `${Math.round(seconds / 60)} min` : `${Math.round(h * 10) / 10} h`;
}

/**
 * The age (seconds) at which waiting alone next moves the item's score by a point, or null when it
 * never will (the age part is full, or weighs nothing): the scorer scores the item again then, not
 * on a fixed round, so an unchanged score is not written again and again.
 */
export function ageMovesScoreAt(inputs: PriorityInputs, weights: PriorityWeights): number | null {
  const total = PRIORITY_PARTS.reduce((sum, part) => sum + weights[part], 0);
  if (total <= 0 || weights.age <= 0 || inputs.targetSeconds <= 0 || !(inputs.ageSeconds < inputs.targetSeconds)) return null;
  const scoreAt = (ageSeconds: number) => Math.round(unroundedScore(partShares({ ...inputs, ageSeconds }), weights, total));
  const age = Math.max(0, inputs.ageSeconds);
  const unrounded = unroundedScore(partShares(inputs), weights, total);
  const now = Math.round(unrounded);
  // Math.round moves up at each half point; the second it is crossed, in whole seconds.
  const pointsPerSecond = (100 * weights.age) / total / inputs.targetSeconds;
  let at = Math.ceil(age + (now + 0.5 - unrounded) / pointsPerSecond);
  // Floating point may put that a second either side of where the score really moves.
  if (at - 1 > age && scoreAt(at - 1) !== now) at -= 1;
  else if (scoreAt(at) === now) at += 1;
  return at < inputs.targetSeconds ? at : null;
}

function unroundedScore(shares: Record<PriorityPart, { share: number }>, weights: PriorityWeights, total: number): number {
  return PRIORITY_PARTS.reduce((sum, part) => sum + (100 * weights[part] * shares[part].share) / total, 0);
}

export function priorityScore(inputs: PriorityInputs, weights: PriorityWeights): PriorityBreakdown {
  const shares = partShares(inputs);
  const total = PRIORITY_PARTS.reduce((sum, part) => sum + weights[part], 0);
  const parts = Object.fromEntries(
    PRIORITY_PARTS.map((part) => {
      const points = total > 0 ? (100 * weights[part] * shares[part].share) / total : 0;
      return [part, { ...shares[part], points: Math.round(points * 10) / 10 }];
    }),
  ) as PriorityBreakdown["parts"];
  const score = total > 0 ? Math.round(unroundedScore(shares, weights, total)) : 0;
  return { score: Math.min(100, Math.max(0, score)), parts };
}

function partShares(inputs: PriorityInputs): Record<PriorityPart, { share: number; basis: string }> {
  const effectiveFlaggers = inputs.flaggers.reduce((sum, record) => sum + flaggerWeight(record), 0);
  return {
    severity: {
      share: inputs.severity === null ? 0 : clamp01((inputs.severity - 1) / 4),
      basis: inputs.severity === null ? "no policy known" : `severity ${inputs.severity} of 5`,
    },
    flaggers: {
      share: clamp01(effectiveFlaggers / FLAGGERS_FOR_FULL),
      basis: `${plural(inputs.flaggers.length, "flagger")}, counting as ${Math.round(effectiveFlaggers * 10) / 10} by their records`,
    },
    strikes: {
      share: inputs.strikesForFull > 0 ? clamp01(inputs.liveStrikes / inputs.strikesForFull) : 0,
      basis: `${plural(inputs.liveStrikes, "live strike")} of ${inputs.strikesForFull}`,
    },
    age: {
      share: inputs.targetSeconds > 0 ? clamp01(inputs.ageSeconds / inputs.targetSeconds) : 1,
      basis: `waiting ${hours(Math.max(0, inputs.ageSeconds))} of a ${hours(inputs.targetSeconds)} target`,
    },
  };
}

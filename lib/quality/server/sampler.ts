import "server-only";
import { createHmac } from "node:crypto";

/** Answers whether the decision named by `key` goes to a second review. */
export type DecisionSampler = (key: string) => boolean;

/** A decision is named by its item and the second it was made: deciding an item again is a new decision. */
export const decisionKey = (messageId: string, decidedAt: Date) => `${messageId}\u0000${Math.floor(decidedAt.getTime() / 1000)}`;

/**
 * Draws `percent` % of decisions, deterministically: the same decision always gets the same answer
 * (an undo that restores a decision restores its sample too), and every staff member's decisions
 * are drawn at the same rate. Keyed with a server secret, so nobody can work out from the code which
 * of their decisions will be checked and time them to avoid it.
 */
export function decisionSampler(percent: number, secret: string): DecisionSampler {
  if (percent <= 0) return () => false;
  if (percent >= 100) return () => true;
  const threshold = (percent / 100) * 2 ** 32;
  return (key) => createHmac("sha256", secret).update(key).digest().readUInt32BE(0) < threshold;
}

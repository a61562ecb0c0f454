import "server-only";
import { authSecret } from "@/lib/auth/secret";
import { followDecisionChanges, type DecisionChange } from "@/lib/quality/server/follow-decisions";
import { decisionSampler } from "@/lib/quality/server/sampler";
import { readTeamSettings } from "@/lib/settings/server/team-settings";
import { enqueueDecision } from "./decision-outbox";
import type { Tx } from "./review-store";

export type { DecisionChange };

/**
 * Everything that follows a change of review state, inside the transaction that made it: the
 * decision's write-back to the chat service (decision-outbox.ts) and its second-review sample
 * (lib/quality). The team's share is read only when a change is a new decision; `sample: false`
 * for a decision that is itself the last word (an admin's ruling).
 */
export async function recordDecisionChanges(tx: Tx, changes: DecisionChange[], actorId: string | null, { sample = true }: { sample?: boolean } = {}): Promise<void> {
  await enqueueDecision(tx, changes, actorId);
  await followDecisionChanges(tx, changes, async () => {
    const percent = sample ? (await readTeamSettings(tx)).qualitySamplePercent : 0;
    return percent > 0 ? decisionSampler(percent, authSecret()) : null;
  });
}

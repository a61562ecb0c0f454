import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/open";
import type { Policy } from "@/lib/policies/model/policy-schemas";
import { policyForDecision } from "@/lib/policies/server/policies";
import type { ReviewCommand } from "@/lib/review/model/review-schemas";
import { readTeamSettings } from "@/lib/settings/server/team-settings";

/**
 * The policy a review command is made under, checked before anything is written (so a refusal
 * changes nothing, not even the audit log): only a resolve upholds a flag, so only a resolve names
 * one, and must when the team requires it. Any other command naming one is refused, not ignored.
 */
export async function decisionPolicy(db: Db, action: ReviewCommand, policyId: number | undefined, where = "body.policyId"): Promise<Policy | null> {
  if (action !== "resolve") {
    if (policyId !== undefined) throw new ApiError("ERR_BAD_REQUEST", `${where}: only a resolve is made under a policy, not a ${action}`);
    return null;
  }
  return policyForDecision(db, await readTeamSettings(db), policyId, where);
}

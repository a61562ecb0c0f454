import "server-only";
import { sql } from "drizzle-orm";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import { chat } from "@/lib/chat/service";
import type { Db } from "@/lib/db/open";
import { deactivatedUser } from "@/lib/db/schema";
import { assertNoSenderWaitsForAdmin } from "@/lib/review/server/escalation-guard";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { sortDeactivation, type DeactivateUsersResponse } from "@/lib/users/deactivation-outcome";
import { policyDetail, policyForDecision } from "@/lib/policies/server/policies";
import type { Policy } from "@/lib/policies/model/policy-schemas";
import type { Protection } from "@/lib/protection/model/protection-schemas";
import { requestDeactivations } from "@/lib/protection/server/deactivation-requests";
import { findProtected } from "@/lib/protection/server/find-protected";
import { readTeamSettings } from "@/lib/settings/server/team-settings";
import { assertBulkBudget } from "./bulk-pacing";
import { checkDeactivationAllowance } from "./deactivation-allowance";

/** What a deactivation is decided under: the policy (checked, required when the team says so) and a note for the approver. */
export type DeactivationDecision = {
  policyId?: number;
  note?: string;
  messageIdOf?: (uid: string) => string | undefined;
  nameOf?: (uid: string) => string | undefined;
};

/**
 * Deactivates users (access suspended, data kept). UIDs go out in lower case, as the service
 * stores them. Protected users (lib/protection) are not sent: a request for a second staff
 * member's approval is made (or joined) for each, and the answer lists them as awaiting approval;
 * the others are deactivated at once. The audit row keeps every UID's outcome (deactivated,
 * already deactivated, not found, or unknown when the answer named it in no list) and the policy;
 * the users the service did deactivate are remembered with who did it, for the user page and the
 * queue, and `onDeactivated` records what else follows from it within the same audited step. A
 * moderator may not deactivate the sender of an item that waits for an admin, and is held to
 * DEACTIVATIONS_PER_HOUR; `bulkRemaining` is the bulk run this request is part of, which pauses
 * while the chat service's budget runs low (bulk-pacing.ts). `approvedRequest`: the approved
 * request this deactivation carries out, under its policy, with no second check of protection.
 */
export async function deactivateUsers(
  db: Db,
  audited: AuditRunner,
  actor: StaffSession,
  uids: string[],
  options: {
    bulkRemaining?: number;
    onDeactivated?: (uids: string[]) => Promise<void>;
    decision?: DeactivationDecision;
    approvedRequest?: { id: number; policy: Pick<Policy, "id" | "name"> | null };
  } = {},
): Promise<DeactivateUsersResponse> {
  const { bulkRemaining, onDeactivated = async () => {}, decision = {}, approvedRequest } = options;
  const unique = [...new Set(uids.map((uid) => uid.toLowerCase()))];
  await assertNoSenderWaitsForAdmin(db, actor, unique);
  const settings = approvedRequest ? undefined : await readTeamSettings(db);
  const policyUsed = settings ? await policyForDecision(db, settings, decision.policyId) : (approvedRequest?.policy ?? null);
  if (bulkRemaining !== undefined) assertBulkBudget(Date.now());
  return audited(
    {
      action: "users.deactivate",
      targetUids: unique,
      detail: {
        asked: unique,
        ...(bulkRemaining === undefined ? {} : { bulkRemaining }),
        ...policyDetail(policyUsed),
        ...(approvedRequest ? { approvedRequestId: approvedRequest.id } : {}),
      },
    },
    async () => {
      // Protected users are asked for too, so they count towards the hourly allowance; the check
      // comes before anything is read from the chat service, so a refused run spends nothing there.
      await checkDeactivationAllowance(db, actor, unique.length, bulkRemaining);
      const names = new Map<string, string>();
      const protectedUsers = settings ? await findProtected(db, settings, unique, names) : new Map<string, Protection>();
      const awaitingApproval =
        protectedUsers.size === 0
          ? []
          : await requestDeactivations(db, audited, actor, protectedUsers, { policy: policyUsed, nameOf: (uid) => names.get(uid), ...decision });
      const waiting = awaitingApproval.map((a) => a.uid);
      const now = unique.filter((uid) => !protectedUsers.has(uid));
      if (now.length === 0) return { data: {}, outcomes: sortDeactivation([], {}, waiting), awaitingApproval };
      const result = await chat().deactivateUsers(now);
      const outcomes = sortDeactivation(now, result.data, waiting);
      const done = outcomes.deactivated;
      if (done.length > 0) {
        await db
          .insert(deactivatedUser)
          .values(done.map((uid) => ({ uid, deactivatedById: actor.id, deactivatedByEmail: actor.email })))
          .onConflictDoUpdate({
            target: deactivatedUser.uid,
            set: { deactivatedAt: sql`now()`, deactivatedById: actor.id, deactivatedByEmail: actor.email },
          });
        await onDeactivated(done);
        markQueueChanged(db);
      }
      return { data: result.data, outcomes, awaitingApproval };
    },
    ({ outcomes }) => ({
      deactivatedUids: outcomes.deactivated,
      alreadyDeactivatedUids: outcomes["already-deactivated"],
      notFound: outcomes["not-found"],
      unknownOutcome: outcomes.unknown,
      ...(outcomes["awaiting-approval"].length > 0 ? { awaitingApproval: outcomes["awaiting-approval"] } : {}),
    }),
  );
}

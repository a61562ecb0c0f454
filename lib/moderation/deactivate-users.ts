import "server-only";
import { sql } from "drizzle-orm";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import { chat } from "@/lib/chat/service";
import type { Db } from "@/lib/db/open";
import { deactivatedUser } from "@/lib/db/schema";
import { assertNoneWaitForAdmin } from "@/lib/review/server/escalation-guard";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { sortDeactivation, type DeactivateUsersResponse } from "@/lib/users/deactivation-outcome";
import { assertBulkBudget } from "./bulk-pacing";
import { checkDeactivationAllowance } from "./deactivation-allowance";

/**
 * Deactivates users (access suspended, data kept). UIDs go out in lower case, as the service
 * stores them. The audit row keeps every UID's outcome (deactivated, already deactivated, not
 * found, or unknown when the answer named it in no list); the users the service did deactivate
 * are remembered with who did it, for the user page and the queue, and `onDeactivated` records
 * what else follows from it within the same audited step. A moderator may not deactivate the
 * sender of an item that waits for an admin, and is held to DEACTIVATIONS_PER_HOUR;
 * `bulkRemaining` is the bulk run this request is part of, which pauses while the chat service's
 * budget runs low (bulk-pacing.ts).
 */
export async function deactivateUsers(
  db: Db,
  audited: AuditRunner,
  actor: StaffSession,
  uids: string[],
  options: { bulkRemaining?: number; onDeactivated?: (uids: string[]) => Promise<void> } = {},
): Promise<DeactivateUsersResponse> {
  const { bulkRemaining, onDeactivated = async () => {} } = options;
  const unique = [...new Set(uids.map((uid) => uid.toLowerCase()))];
  await assertNoneWaitForAdmin(db, actor, { senderUids: unique });
  if (bulkRemaining !== undefined) assertBulkBudget(Date.now());
  return audited(
    { action: "users.deactivate", targetUids: unique, detail: { asked: unique, ...(bulkRemaining === undefined ? {} : { bulkRemaining }) } },
    async () => {
      await checkDeactivationAllowance(db, actor, unique.length, bulkRemaining);
      const result = await chat().deactivateUsers(unique);
      const outcomes = sortDeactivation(unique, result.data);
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
      return { data: result.data, outcomes };
    },
    ({ outcomes }) => ({
      deactivatedUids: outcomes.deactivated,
      alreadyDeactivatedUids: outcomes["already-deactivated"],
      notFound: outcomes["not-found"],
      unknownOutcome: outcomes.unknown,
    }),
  );
}

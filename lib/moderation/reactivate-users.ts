import "server-only";
import { inArray } from "drizzle-orm";
import type { AuditRunner } from "@/lib/audit/record";
import { chat } from "@/lib/chat/service";
import type { Db } from "@/lib/db/open";
import { deactivatedUser } from "@/lib/db/schema";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { sortReactivation, type ReactivateUsersResponse } from "@/lib/users/deactivation-outcome";
import { canonicalUid } from "@/lib/users/user-href";

/**
 * Reactivates users (PUT /users). Each UID's outcome is audited; the dashboard forgets its own
 * deactivation record of the users the service reactivated, so the queue and user pages agree.
 */
export function reactivateUsers(db: Db, audited: AuditRunner, uids: string[]): Promise<ReactivateUsersResponse> {
  const unique = [...new Set(uids.map(canonicalUid))];
  return audited(
    { action: "users.reactivate", targetUids: unique, detail: { asked: unique } },
    async () => {
      const result = await chat().reactivateUsers(unique);
      const outcomes = sortReactivation(unique, result.data);
      if (outcomes.reactivated.length > 0) {
        await db.delete(deactivatedUser).where(inArray(deactivatedUser.uid, outcomes.reactivated));
        markQueueChanged(db);
      }
      return { data: result.data, outcomes };
    },
    ({ outcomes }) => ({
      reactivatedUids: outcomes.reactivated,
      nonDeactivatedUids: outcomes["not-deactivated"],
      notFound: outcomes["not-found"],
      unknownOutcome: outcomes.unknown,
    }),
  );
}

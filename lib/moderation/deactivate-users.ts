import "server-only";
import { sql } from "drizzle-orm";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import { chat } from "@/lib/chat/service";
import type { Db } from "@/lib/db/open";
import { deactivatedUser } from "@/lib/db/schema";
import { markQueueChanged } from "@/lib/review/queue-changes";

/**
 * Deactivates users (access suspended, data kept). The audit row keeps both lists; the users the
 * service did deactivate are remembered with who did it, for the user page and the queue.
 */
export function deactivateUsers(db: Db, audited: AuditRunner, actor: StaffSession, uids: string[]) {
  const unique = [...new Set(uids)];
  return audited(
    { action: "users.deactivate", targetUids: unique, detail: { asked: unique } },
    async () => {
      const result = await chat().deactivateUsers(unique);
      const done = result.data.deactivatedUids;
      if (done.length > 0) {
        await db
          .insert(deactivatedUser)
          .values(done.map((uid) => ({ uid, deactivatedById: actor.id, deactivatedByEmail: actor.email })))
          .onConflictDoUpdate({
            target: deactivatedUser.uid,
            set: { deactivatedAt: sql`now()`, deactivatedById: actor.id, deactivatedByEmail: actor.email },
          });
        markQueueChanged(db);
      }
      return result;
    },
    ({ data }) => ({ deactivatedUids: data.deactivatedUids }),
  );
}

import "server-only";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { can } from "@/lib/auth/roles";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { auditLog } from "@/lib/db/schema";
import { env } from "@/lib/env/server";

const WINDOW = sql`now() - interval '1 hour'`;

/**
 * UIDs this staff member asked to deactivate in the last hour, from the audit log (shared by every
 * instance). Refused and failed requests do not count; pending ones and unknown outcomes do.
 */
async function deactivationsInLastHour(db: Db, staffId: string): Promise<number> {
  const [row] = await db
    .select({ uids: sql<string>`coalesce(sum(cardinality(${auditLog.targetUids})), 0)` })
    .from(auditLog)
    .where(and(eq(auditLog.staffId, staffId), eq(auditLog.action, "users.deactivate"), gt(auditLog.at, WINDOW), ne(auditLog.outcome, "failure")));
  return Number(row?.uids ?? 0);
}

/**
 * Refuses a moderator's deactivation past DEACTIVATIONS_PER_HOUR. Called inside the audited step,
 * after this request's own pending row is written: of two concurrent requests, whichever counts
 * last sees both, so together they can never pass the limit (at worst both are refused).
 * `bulkRemaining`: what is left of the bulk run this request starts or continues (this batch
 * included), so a run that cannot finish is refused before its first batch, not halfway.
 */
export async function checkDeactivationAllowance(db: Db, actor: StaffSession, asked: number, bulkRemaining = asked): Promise<void> {
  if (can(actor.role, "unlimitedDeactivation")) return;
  const limit = env().DEACTIVATIONS_PER_HOUR;
  // The count includes this request's own pending row.
  const left = Math.max(0, limit - ((await deactivationsInLastHour(db, actor.id)) - asked));
  const needed = Math.max(asked, bulkRemaining);
  if (needed <= left) return;
  throw new ApiError(
    "ERR_VOLUME_LIMIT",
    `Moderators may deactivate at most ${limit} users per hour; you can deactivate ${left} more now, and this needs ${needed}. Ask an admin to run it.`,
  );
}

import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { auditLog } from "@/lib/db/schema";

/**
 * A pending row older than this belongs to a process that stopped mid-action: no action the
 * dashboard runs takes that long (a chat call gives up after CHAT_TIMEOUT_MS, at most 2 minutes),
 * so a younger one may still be in flight on another instance.
 */
export const PENDING_AUDIT_MAX_AGE_MS = 10 * 60_000;

const REASON = "The dashboard stopped before this action's outcome was recorded: it may have happened. Check the chat service.";

/** Marks pending rows older than PENDING_AUDIT_MAX_AGE_MS (as of `now`) "unknown", with the reason; returns how many. */
export async function sweepPendingAudit(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(auditLog)
    .set({ outcome: "unknown", detail: sql`${auditLog.detail} || ${JSON.stringify({ error: REASON })}::jsonb` })
    .where(and(eq(auditLog.outcome, "pending"), lt(auditLog.at, new Date(now.getTime() - PENDING_AUDIT_MAX_AGE_MS))))
    .returning({ id: auditLog.id });
  return rows.length;
}

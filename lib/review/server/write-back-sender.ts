import "server-only";
import { and, asc, eq, inArray, isNull, lte, lt, or } from "drizzle-orm";
import { recordAudit, type AuditFailure } from "@/lib/audit/record";
import type { ChatClient } from "@/lib/chat/client";
import { ChatError, ChatRateLimitedError, ChatServiceError } from "@/lib/chat/errors";
import { backgroundDelayMs } from "@/lib/chat/rate-limit";
import type { Db } from "@/lib/db/open";
import { flaggedMessage, reviewOutbox, type ReviewOutboxRow } from "@/lib/db/schema";
import { markQueueChanged } from "@/lib/review/live/queue-changes";

export type WriteBackDeps = {
  db: Db;
  client: Pick<ChatClient, "reviewFlaggedMessage" | "rateLimit">;
  /** Epoch milliseconds; injected so tests move time without sleeping. */
  now: () => number;
  /** Rows one run takes; the rest wait for the next run. */
  batch?: number;
  /** How long a taken row is this instance's: longer than a call can take, so no other instance sends it meanwhile. */
  leaseMs?: number;
};

export type WriteBackRun = { sent: string[]; refused: string[]; retrying: string[]; paused: boolean };

const BASE_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 15 * 60_000;

/** 5 s, 10 s, 20 s … up to 15 min between attempts. */
export const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));

type Claimed = Pick<ReviewOutboxRow, "messageId" | "status" | "attempts"> & { senderUid: string };

/**
 * Takes the due rows no other instance holds (FOR UPDATE SKIP LOCKED, then a lease), so several
 * instances on one PostgreSQL never send one decision at once; a lease left by a dead instance
 * runs out and the row is taken again.
 */
async function claimDue(db: Db, nowMs: number, batch: number, leaseMs: number): Promise<Claimed[]> {
  const now = new Date(nowMs);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ messageId: reviewOutbox.messageId, status: reviewOutbox.status, attempts: reviewOutbox.attempts, senderUid: flaggedMessage.senderUid })
      .from(reviewOutbox)
      .innerJoin(flaggedMessage, eq(flaggedMessage.id, reviewOutbox.messageId))
      .where(and(eq(reviewOutbox.state, "pending"), lte(reviewOutbox.dueAt, now), or(isNull(reviewOutbox.leaseUntil), lt(reviewOutbox.leaseUntil, now))))
      .orderBy(asc(reviewOutbox.dueAt))
      .limit(batch)
      .for("update", { of: reviewOutbox, skipLocked: true });
    if (rows.length) {
      await tx
        .update(reviewOutbox)
        .set({ leaseUntil: new Date(nowMs + leaseMs) })
        .where(inArray(reviewOutbox.messageId, rows.map((r) => r.messageId)));
    }
    return rows;
  });
}

/**
 * Sends every due decision to the chat service (PATCH /moderation/flagged-messages/{id}) and
 * records each outcome on its row and in the audit log: sent; refused by the service (a 4xx other
 * than 429: kept with the reason, shown on the item, never retried); or retried later with
 * exponential backoff (a 429 after its Retry-After), since the PATCH is idempotent and an answer
 * lost to a timeout may be sent again. Pauses while the rate-limit budget is nearly spent.
 */
export async function sendDueDecisions(deps: WriteBackDeps): Promise<WriteBackRun> {
  const run: WriteBackRun = { sent: [], refused: [], retrying: [], paused: false };
  if (backgroundDelayMs(deps.client.rateLimit(), deps.now()) > 0) return { ...run, paused: true };
  const claimed = await claimDue(deps.db, deps.now(), deps.batch ?? 50, deps.leaseMs ?? 60_000);
  for (const [index, row] of claimed.entries()) {
    if (backgroundDelayMs(deps.client.rateLimit(), deps.now()) > 0) {
      await release(deps.db, claimed.slice(index));
      run.paused = true;
      break;
    }
    await sendOne(deps, row, run);
  }
  if (claimed.length) markQueueChanged(deps.db, claimed.map((r) => r.messageId));
  return run;
}

async function release(db: Db, rows: Claimed[]): Promise<void> {
  await db
    .update(reviewOutbox)
    .set({ leaseUntil: null })
    .where(inArray(reviewOutbox.messageId, rows.map((r) => r.messageId)));
}

async function sendOne(deps: WriteBackDeps, row: Claimed, run: WriteBackRun): Promise<void> {
  const attempt = row.attempts + 1;
  const entry = { actor: null, action: "review.write_back" as const, targetMessageId: row.messageId, targetUids: [row.senderUid] };
  // Only the decision that was claimed is updated: a newer one (reopened and decided again) keeps its own row.
  const same = and(eq(reviewOutbox.messageId, row.messageId), eq(reviewOutbox.status, row.status), eq(reviewOutbox.state, "pending"));
  try {
    await deps.client.reviewFlaggedMessage(row.messageId, row.status);
  } catch (error) {
    if (!(error instanceof ChatError)) throw error;
    const failure: AuditFailure = { code: error.code, status: error.status, message: error.message };
    if (refusedForGood(error)) {
      await deps.db
        .update(reviewOutbox)
        .set({ state: "refused", attempts: attempt, leaseUntil: null, lastError: error.message, lastErrorCode: error.code, updatedAt: new Date(deps.now()) })
        .where(same);
      await recordAudit(deps.db, { ...entry, detail: { status: row.status, attempt, result: "refused" } }, failure);
      run.refused.push(row.messageId);
      return;
    }
    const waitMs = error instanceof ChatRateLimitedError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : backoffMs(attempt);
    const nextAt = new Date(deps.now() + waitMs);
    await deps.db
      .update(reviewOutbox)
      .set({ attempts: attempt, dueAt: nextAt, leaseUntil: null, lastError: error.message, lastErrorCode: error.code, updatedAt: new Date(deps.now()) })
      .where(same);
    await recordAudit(deps.db, { ...entry, detail: { status: row.status, attempt, result: "retry", nextAttemptAt: nextAt.toISOString() } }, failure);
    run.retrying.push(row.messageId);
    return;
  }
  await deps.db
    .update(reviewOutbox)
    .set({ state: "sent", attempts: attempt, sentAt: new Date(deps.now()), leaseUntil: null, lastError: null, lastErrorCode: null, updatedAt: new Date(deps.now()) })
    .where(same);
  await recordAudit(deps.db, { ...entry, detail: { status: row.status, attempt, result: "sent" } });
  run.sent.push(row.messageId);
}

/**
 * The service answered and said no: sending it again would get the same answer. An `AUTH_ERR_*`
 * answer is the dashboard's configuration (its key), not the decision, so that one is retried.
 */
const refusedForGood = (error: ChatError) =>
  error instanceof ChatServiceError && error.status >= 400 && error.status < 500 && error.status !== 429 && !error.code.startsWith("AUTH_ERR");

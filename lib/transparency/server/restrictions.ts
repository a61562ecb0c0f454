import "server-only";
import { and, asc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/open";
import { auditLog, flag, flaggedMessage as fm, reviewOutbox } from "@/lib/db/schema";
import { preLabel } from "@/lib/policies/model/pre-label";
import { auditedPolicy, type Policy, type PoliciesResponse } from "@/lib/policies/model/policy-schemas";
import { listPolicies } from "@/lib/policies/server/policies";
import type { Restriction, StatementPolicy } from "@/lib/transparency/model/build-statement";

/**
 * The decisions that restricted content or a user within a time range, a page at a time (memory
 * stays flat over a year of decisions):
 * - upheld flagged messages: the chat service hides them. One whose write-back is still waiting
 *   (inside its undo time) or was refused by the service restricted nothing (yet) and is left out;
 *   an item decided before the outbox existed has no row and counts as applied at its decision.
 * - deactivated accounts, from the audit log's successful `users.deactivate` rows, one per user.
 */

const RESTRICTION_PAGE = 500;

type Cursor = { at: Date; key: string };
type Page = { restrictions: Restriction[]; next: Cursor | null };

const statementPolicy = (policy: Policy | undefined): StatementPolicy | null =>
  policy ? { name: policy.name, description: policy.description, ground: policy.ground, dsaCategory: policy.dsaCategory } : null;

/** The policies and reason map, read once per export: every page's rows are labelled with them. */
export type PolicyBook = { byId: Map<number, Policy>; listed: PoliciesResponse };

async function readPolicyBook(db: Db): Promise<PolicyBook> {
  const listed = await listPolicies(db);
  return { byId: new Map(listed.data.map((policy) => [policy.id, policy])), listed };
}

async function readMessageRestrictions(db: Db, book: PolicyBook, start: Date, end: Date, cursor: Cursor | null, limit = RESTRICTION_PAGE): Promise<Page> {
  const rows = await db
    .select({
      id: fm.id,
      messageType: sql<string>`coalesce(${fm.message}->>'type', '')`,
      sentAt: fm.sentAt,
      decidedAt: fm.decidedAt,
      sentBack: reviewOutbox.sentAt,
      flagCount: fm.flaggedCount,
      policyId: fm.policyId,
    })
    .from(fm)
    .leftJoin(reviewOutbox, eq(reviewOutbox.messageId, fm.id))
    .where(
      and(
        eq(fm.state, "resolved"),
        gte(fm.decidedAt, start),
        lt(fm.decidedAt, end),
        or(sql`${reviewOutbox.messageId} is null`, and(eq(reviewOutbox.state, "sent"), eq(reviewOutbox.status, "disapproved"))),
        cursor ? sql`(${fm.decidedAt}, ${fm.id}) > (${cursor.at}, ${cursor.key})` : undefined,
      ),
    )
    .orderBy(asc(fm.decidedAt), asc(fm.id))
    .limit(limit);
  const reasons = new Map<string, string[]>();
  if (rows.length) {
    const flags = await db
      .selectDistinct({ messageId: flag.messageId, reasonId: flag.reasonId })
      .from(flag)
      .where(inArray(flag.messageId, rows.map((r) => r.id)))
      .orderBy(asc(flag.messageId), asc(flag.reasonId));
    for (const f of flags) reasons.set(f.messageId, [...(reasons.get(f.messageId) ?? []), f.reasonId]);
  }
  const restrictions = rows.map((row): Restriction => {
    const reasonIds = reasons.get(row.id) ?? [];
    const named = row.policyId === null ? undefined : book.byId.get(row.policyId);
    const decidedAt = row.decidedAt ?? row.sentAt;
    return {
      kind: "message",
      id: row.id,
      messageType: row.messageType,
      sentAt: row.sentAt,
      decidedAt,
      appliedAt: row.sentBack ?? decidedAt,
      flagCount: row.flagCount,
      reasons: reasonIds,
      policy: statementPolicy(named ?? preLabel(reasonIds, book.listed.reasonMap, book.listed.data)),
      policyNamed: named !== undefined,
    };
  });
  const last = rows.at(-1);
  return { restrictions, next: rows.length === limit && last?.decidedAt ? { at: last.decidedAt, key: last.id } : null };
}

/** Whom a deactivation's audit row (lib/moderation/deactivate-users.ts) says were deactivated. */
const deactivatedUidsSchema = z.array(z.string()).catch([]);

async function readAccountRestrictions(db: Db, book: PolicyBook, start: Date, end: Date, cursor: Cursor | null, limit = RESTRICTION_PAGE): Promise<Page> {
  const rows = await db
    .select({ id: auditLog.id, at: auditLog.at, detail: auditLog.detail })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, "users.deactivate"),
        eq(auditLog.outcome, "success"),
        gte(auditLog.at, start),
        lt(auditLog.at, end),
        cursor ? sql`(${auditLog.at}, ${auditLog.id}) > (${cursor.at}, ${Number(cursor.key)})` : undefined,
      ),
    )
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(limit);
  const restrictions = rows.flatMap((row) => {
    const named = auditedPolicy(row.detail);
    const policy = statementPolicy(named ? book.byId.get(named.id) : undefined);
    return deactivatedUidsSchema.parse(row.detail.deactivatedUids).map((uid): Restriction => ({ kind: "account", auditId: row.id, uid, decidedAt: row.at, policy }));
  });
  const last = rows.at(-1);
  return { restrictions, next: rows.length === limit && last ? { at: last.at, key: String(last.id) } : null };
}

/** Every restriction in the range, messages then accounts, a page at a time. */
export async function* restrictionPages(db: Db, start: Date, end: Date, limit = RESTRICTION_PAGE): AsyncGenerator<Restriction[]> {
  const book = await readPolicyBook(db);
  for (const read of [readMessageRestrictions, readAccountRestrictions]) {
    let cursor: Cursor | null = null;
    do {
      const page: Page = await read(db, book, start, end, cursor, limit);
      if (page.restrictions.length) yield page.restrictions;
      cursor = page.next;
    } while (cursor);
  }
}

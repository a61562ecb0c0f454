import "server-only";
import { aliasedTable, and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { deactivationRequest, policy, staff } from "@/lib/db/schema";
import type { Policy } from "@/lib/policies/model/policy-schemas";
import { policyDetail } from "@/lib/policies/server/policies";
import type { AwaitingApproval, DeactivationRequest, Protection } from "@/lib/protection/model/protection-schemas";
import { whyNotDecider } from "@/lib/protection/model/request-decider";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import { epochSeconds } from "@/lib/format/epoch-seconds";

/** Decided requests the overview and the admin page show. */
const DECIDED_SHOWN = 20;

const requester = aliasedTable(staff, "requester");
const decider = aliasedTable(staff, "decider");
const seconds = (at: Date | null) => (at ? epochSeconds(at) : null);


type Viewer = Pick<StaffSession, "id" | "role">;

/** Requests with the names of who asked and who decided, the policy's name, and what the viewer may do with each. */
export async function readRequests(db: Pick<Db, "select">, viewer: Viewer, where: SQL | undefined, order: SQL[], limit?: number): Promise<DeactivationRequest[]> {
  const query = db
    .select({ row: deactivationRequest, requesterName: requester.name, deciderName: decider.name, policyName: policy.name })
    .from(deactivationRequest)
    .leftJoin(requester, eq(requester.id, deactivationRequest.requestedById))
    .leftJoin(decider, eq(decider.id, deactivationRequest.decidedById))
    .leftJoin(policy, eq(policy.id, deactivationRequest.policyId))
    .where(where)
    .orderBy(...order);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(({ row, requesterName, deciderName, policyName }) => {
    const requestedBy = { id: row.requestedById, name: requesterName ?? "a former staff member", role: row.requestedByRole };
    return {
      id: row.id,
      uid: row.uid,
      name: row.name,
      requestedBy,
      requestedAt: seconds(row.requestedAt) ?? 0,
      note: row.note,
      policy: row.policyId === null ? null : { id: row.policyId, name: policyName ?? "" },
      messageId: row.messageId,
      state: row.state,
      decidedBy: row.decidedAt ? { id: row.decidedById, name: deciderName ?? "a former staff member" } : null,
      decidedAt: seconds(row.decidedAt),
      decisionNote: row.decisionNote,
      viewer: { mine: row.requestedById === viewer.id, whyNotDecide: whyNotDecider(viewer, { requestedBy }) },
    };
  });
}

/** Every pending request, oldest first, and the latest decided ones; `uid` narrows both to one user. */
export async function listDeactivationRequests(db: Db, viewer: Viewer, uid?: string) {
  const forUser = uid === undefined ? undefined : eq(deactivationRequest.uid, uid.toLowerCase());
  const [pending, decided] = await Promise.all([
    readRequests(db, viewer, and(eq(deactivationRequest.state, "pending"), forUser), [asc(deactivationRequest.requestedAt), asc(deactivationRequest.id)]),
    readRequests(db, viewer, and(ne(deactivationRequest.state, "pending"), forUser), [desc(deactivationRequest.decidedAt), desc(deactivationRequest.id)], DECIDED_SHOWN),
  ]);
  return { pending, decided };
}

export type RequestContext = {
  policy: Pick<Policy, "id" | "name"> | null;
  note?: string;
  /** The review item each user was asked about from, if any. */
  messageIdOf?: (uid: string) => string | undefined;
  nameOf?: (uid: string) => string | undefined;
};

/**
 * Asks for a second staff member to deactivate these protected users, audited. A user who already
 * has a pending request is not asked for again: this request joins it (the partial unique index
 * keeps one per user, even between two staff members asking at once).
 */
export async function requestDeactivations(
  db: Db,
  audited: AuditRunner,
  actor: StaffSession,
  protectedUsers: ReadonlyMap<string, Protection>,
  context: RequestContext,
): Promise<AwaitingApproval[]> {
  const uids = [...protectedUsers.keys()];
  return audited(
    {
      action: "deactivation_request.create",
      targetUids: uids,
      detail: { asked: uids, protectedBy: Object.fromEntries(protectedUsers), ...policyDetail(context.policy), ...(context.note ? { note: context.note } : {}) },
    },
    async () => {
      const created = await db
        .insert(deactivationRequest)
        .values(
          uids.map((uid) => ({
            uid,
            name: context.nameOf?.(uid) ?? uid,
            requestedById: actor.id,
            requestedByRole: actor.role,
            note: context.note ?? null,
            policyId: context.policy?.id ?? null,
            messageId: context.messageIdOf?.(uid) ?? null,
          })),
        )
        .onConflictDoNothing({ target: deactivationRequest.uid, where: sql`${deactivationRequest.state} = 'pending'` })
        .returning({ id: deactivationRequest.id });
      const mine = new Set(created.map((r) => r.id));
      const pending = await db
        .select({ id: deactivationRequest.id, uid: deactivationRequest.uid })
        .from(deactivationRequest)
        .where(and(inArray(deactivationRequest.uid, uids), eq(deactivationRequest.state, "pending")));
      const idOf = new Map(pending.map((r) => [r.uid, r.id]));
      markQueueChanged(db);
      // A request decided between the insert and this read has left nothing pending: it is reported as joined, id 0, and the overview shows its outcome.
      return uids.map((uid) => {
        const requestId = idOf.get(uid) ?? 0;
        return { uid, requestId, protection: protectedUsers.get(uid) ?? { by: "list", value: uid }, joined: !mine.has(requestId) };
      });
    },
    (waiting) => ({ requests: waiting.map(({ uid, requestId, joined }) => ({ uid, requestId, joined })) }),
  );
}

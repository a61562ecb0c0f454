import "server-only";
import { and, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { deactivationRequest } from "@/lib/db/schema";
import { deactivateUsers } from "@/lib/moderation/deactivate-users";
import type { DecideRequestBody, DeactivationRequest } from "@/lib/protection/model/protection-schemas";
import { whyNotCanceller, whyNotDecider } from "@/lib/protection/model/request-decider";
import { markQueueChanged } from "@/lib/review/live/queue-changes";
import type { DeactivationOutcome } from "@/lib/users/deactivation-outcome";
import { policyDetail } from "@/lib/policies/server/policies";
import { readRequests } from "./deactivation-requests";

export type DecisionResult = { request: DeactivationRequest; outcome?: DeactivationOutcome };

const DONE: readonly DeactivationOutcome[] = ["deactivated", "already-deactivated"];

async function readRequest(db: Db, viewer: StaffSession, id: number): Promise<DeactivationRequest> {
  const [request] = await readRequests(db, viewer, eq(deactivationRequest.id, id), []);
  if (!request) throw new ApiError("ERR_NOT_FOUND", `No deactivation request has id ${id}.`);
  return request;
}

const decidedWords = (r: DeactivationRequest) => `This request was already ${r.state}${r.decidedBy ? ` by ${r.decidedBy.name}` : ""}.`;

function assertMayDecide(actor: StaffSession, request: DeactivationRequest, decision: DecideRequestBody["decision"]) {
  const refused = decision === "cancel" ? whyNotCanceller(actor, request) : whyNotDecider(actor, request);
  if (refused) throw new ApiError("ERR_FORBIDDEN", refused);
}

/**
 * Moves a pending request to its decision only if it is still pending: the conditional update
 * locks the row, so of two staff members deciding at once one wins and the other is told who did.
 */
async function settle(db: Db, actor: StaffSession, id: number, state: "approved" | "refused" | "cancelled", note: string | undefined) {
  const [row] = await db
    .update(deactivationRequest)
    .set({ state, decidedById: actor.id, decidedAt: new Date(), decisionNote: note ?? null })
    .where(and(eq(deactivationRequest.id, id), eq(deactivationRequest.state, "pending")))
    .returning({ id: deactivationRequest.id });
  if (!row) throw new ApiError("ERR_CONFLICT", decidedWords(await readRequest(db, actor, id)));
}

/** Puts an approved request back to pending when the deactivation did not happen, so it is not lost. */
async function reopen(db: Db, id: number) {
  await db
    .update(deactivationRequest)
    .set({ state: "pending", decidedById: null, decidedAt: null, decisionNote: null })
    .where(and(eq(deactivationRequest.id, id), eq(deactivationRequest.state, "approved")));
}

/**
 * A second staff member approves or refuses a pending request, or its requester cancels it; each
 * audited. Approving deactivates the user then, through the same audited deactivation as every
 * other path (its own audit row, under the request's policy). If the chat service refuses, fails
 * or does not say the user was deactivated, the request goes back to pending and the answer says
 * so: it waits in the overview until someone decides again.
 */
export async function decideDeactivationRequest(db: Db, audited: AuditRunner, actor: StaffSession, id: number, body: DecideRequestBody): Promise<DecisionResult> {
  const request = await readRequest(db, actor, id);
  if (request.state !== "pending") throw new ApiError("ERR_CONFLICT", decidedWords(request));
  assertMayDecide(actor, request, body.decision);
  const action = body.decision === "approve" ? "deactivation_request.approve" : body.decision === "refuse" ? "deactivation_request.refuse" : "deactivation_request.cancel";
  const result = await audited(
    {
      action,
      targetUids: [request.uid],
      detail: { requestId: id, requestedBy: request.requestedBy.name, ...policyDetail(request.policy), ...(body.note ? { note: body.note } : {}) },
    },
    async (): Promise<{ outcome?: DeactivationOutcome }> => {
      if (body.decision !== "approve") {
        await settle(db, actor, id, body.decision === "refuse" ? "refused" : "cancelled", body.note);
        return {};
      }
      await settle(db, actor, id, "approved", body.note);
      let outcome: DeactivationOutcome;
      try {
        const { outcomes } = await deactivateUsers(db, audited, actor, [request.uid], { approvedRequest: { id, policy: request.policy } });
        outcome = (Object.keys(outcomes) as DeactivationOutcome[]).find((kind) => outcomes[kind].includes(request.uid)) ?? "unknown";
      } catch (error) {
        await reopen(db, id);
        throw error;
      }
      if (!DONE.includes(outcome)) await reopen(db, id);
      return { outcome };
    },
    ({ outcome }) => (outcome ? { outcome, stillPending: !DONE.includes(outcome) } : {}),
  );
  markQueueChanged(db);
  return { request: await readRequest(db, actor, id), ...result };
}

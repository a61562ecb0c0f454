import "server-only";
import { inArray } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { flaggedMessage, reviewNote } from "@/lib/db/schema";
import { changeStamp } from "./change-stamp";
import { itemStaff, itemStaffNames } from "./item-staff";
import { toReviewNote } from "./load-queue";
import type { ReviewNote } from "@/lib/review/model/review-schemas";
import type { ReviewActor, ReviewFields, StaffRef } from "@/lib/review/model/transitions";
import { epochSeconds as seconds } from "@/lib/format/epoch-seconds";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** An item's review fields as locked for a change, with the version and last change they carry, and its sender. */
export type LockedItem = { fields: ReviewFields; version: number; changedBy: StaffRef | null; changedAt: Date | null; senderUid: string; senderName: string };

export const reviewActor = (session: StaffSession): ReviewActor => ({ id: session.id, name: session.name || session.email, admin: session.role === "admin" });

/** The review fields of these items, locked until the transaction ends, so concurrent changes queue up. */
export const lockReviewItems = (tx: Tx, ids: string[]) => reviewItems(tx, ids, true);

/**
 * The same, read without a lock: for an action on the chat service (pin, deactivate), which holds no
 * transaction open while it waits for the service, and checks the items just before the call.
 */
export const readReviewItems = (db: Db, ids: string[]) => reviewItems(db, ids, false);

async function reviewItems(executor: Db | Tx, ids: string[], lock: boolean): Promise<Map<string, LockedItem>> {
  if (ids.length === 0) return new Map();
  const query = executor
    .select({
      m: {
        id: flaggedMessage.id,
        senderUid: flaggedMessage.senderUid,
        senderName: flaggedMessage.senderName,
        state: flaggedMessage.state,
        reopened: flaggedMessage.reopened,
        assigneeId: flaggedMessage.assigneeId,
        takenFromId: flaggedMessage.takenFromId,
        decidedAt: flaggedMessage.decidedAt,
        decidedById: flaggedMessage.decidedById,
        escalatedAt: flaggedMessage.escalatedAt,
        escalatedById: flaggedMessage.escalatedById,
        escalationNote: flaggedMessage.escalationNote,
        policyId: flaggedMessage.policyId,
        strikeWeight: flaggedMessage.strikeWeight,
        version: flaggedMessage.version,
        changedById: flaggedMessage.changedById,
        changedAt: flaggedMessage.changedAt,
      },
      names: itemStaffNames,
    })
    .from(flaggedMessage)
    .where(inArray(flaggedMessage.id, ids))
    .orderBy(flaggedMessage.id);
  const rows = await (lock ? query.for("update", { of: flaggedMessage }) : query);
  return new Map(
    rows.map(({ m, names }) => {
      const { changedBy, ...people } = itemStaff(m, names);
      return [
        m.id,
        {
          fields: { state: m.state, reopened: m.reopened, decidedAt: m.decidedAt ? seconds(m.decidedAt) : null, policyId: m.policyId, strikeWeight: m.strikeWeight, ...people },
          version: m.version,
          changedBy,
          changedAt: m.changedAt,
          senderUid: m.senderUid,
          senderName: m.senderName,
        },
      ];
    }),
  );
}

/** Writes these fields to every item in `ids` as one change by `actorId`. */
export async function writeReviewFields(tx: Tx, ids: string[], next: ReviewFields, actorId: string): Promise<void> {
  await tx
    .update(flaggedMessage)
    .set({
      state: next.state,
      reopened: next.reopened,
      assigneeId: next.assignee?.id ?? null,
      takenFromId: next.takenFrom?.id ?? null,
      decidedAt: next.decidedAt === null ? null : new Date(next.decidedAt * 1000),
      decidedById: next.decidedBy?.id ?? null,
      escalatedAt: next.escalation ? new Date(next.escalation.at * 1000) : null,
      escalatedById: next.escalation?.by?.id ?? null,
      escalationNote: next.escalation?.note ?? null,
      policyId: next.policyId,
      strikeWeight: next.strikeWeight,
      ...changeStamp(actorId),
    })
    .where(inArray(flaggedMessage.id, ids));
}

export async function insertNotes(tx: Tx, ids: string[], actor: StaffRef, body: string): Promise<ReviewNote[]> {
  const rows = await tx
    .insert(reviewNote)
    .values(ids.map((messageId) => ({ messageId, authorId: actor.id, body })))
    .returning();
  return rows.map((row) => toReviewNote({ ...row, authorName: actor.name }));
}

/**
 * The version a command says it was decided on. Without it the stale-view check, and so a
 * colleague's claim, could be skipped by just leaving it out: refused with 428, before anything runs.
 */
export function requireSeenVersion(seen: number | undefined, field: string): number {
  if (seen === undefined) {
    throw new ApiError("ERR_PRECONDITION_REQUIRED", `${field}: send the item's version as you saw it, so a change made since is not overwritten. Reload the queue and try again.`);
  }
  return seen;
}

/** The version seen of each of `ids`, or 428 naming (some of) those `versions` has none for. */
export function requireSeenVersions(ids: string[], versions: Record<string, number> | undefined): Map<string, number> {
  const missing = ids.filter((id) => versions?.[id] === undefined);
  if (missing.length) requireSeenVersion(undefined, `body.versions (none for ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""})`);
  return new Map(ids.map((id) => [id, versions?.[id] ?? 0]));
}

/**
 * Why a command sent from a view of version `seen` is refused, or null when it may go ahead: the
 * item changed since, and not by `actor` themself (their own change, such as a claim answered a
 * moment before, does not make their view stale). With no actor, any change counts.
 */
export function staleViewReason(item: LockedItem, seen: number, actor: StaffRef | null): string | null {
  if (seen === item.version || (actor && item.changedBy?.id === actor.id)) return null;
  const who = item.changedBy ? item.changedBy.name : "The chat service (new flags)";
  const when = item.changedAt ? ` at ${item.changedAt.toISOString().slice(11, 19)} UTC` : "";
  return `${who} changed this item${when}, after you loaded it: it is now ${describeFields(item.fields)}. Nothing was done; look at it again and decide.`;
}

function describeFields(fields: ReviewFields): string {
  const parts: string[] = [fields.state === "open" ? "open" : `${fields.state}${fields.decidedBy ? ` by ${fields.decidedBy.name}` : ""}`];
  if (fields.assignee) parts.push(`claimed by ${fields.assignee.name}`);
  if (fields.escalation) parts.push("escalated to admins");
  return parts.join(", ");
}

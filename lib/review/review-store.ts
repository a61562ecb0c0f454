import "server-only";
import { inArray } from "drizzle-orm";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { flaggedMessage, reviewNote } from "@/lib/db/schema";
import { changeStamp } from "./change-stamp";
import { itemStaff, itemStaffJoins } from "./item-staff";
import { toReviewNote } from "./load-queue";
import type { ReviewNote } from "./review-schemas";
import type { ReviewActor, ReviewFields, StaffRef } from "./transitions";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** An item's review fields as locked for a change, with the version and last change they carry. */
export type LockedItem = { fields: ReviewFields; version: number; changedBy: StaffRef | null; changedAt: Date | null };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export const reviewActor = (session: StaffSession): ReviewActor => ({ id: session.id, name: session.name || session.email, admin: session.role === "admin" });

/** The review fields of these items, locked until the transaction ends, so concurrent changes queue up. */
export async function lockReviewItems(tx: Tx, ids: string[]): Promise<Map<string, LockedItem>> {
  if (ids.length === 0) return new Map();
  const staffJoins = itemStaffJoins();
  const query = tx
    .select({
      m: {
        id: flaggedMessage.id,
        state: flaggedMessage.state,
        reopened: flaggedMessage.reopened,
        assigneeId: flaggedMessage.assigneeId,
        decidedAt: flaggedMessage.decidedAt,
        decidedById: flaggedMessage.decidedById,
        escalatedAt: flaggedMessage.escalatedAt,
        escalatedById: flaggedMessage.escalatedById,
        escalationNote: flaggedMessage.escalationNote,
        version: flaggedMessage.version,
        changedById: flaggedMessage.changedById,
        changedAt: flaggedMessage.changedAt,
      },
      ...staffJoins.names,
    })
    .from(flaggedMessage)
    .$dynamic();
  const rows = await staffJoins
    .join(query)
    .where(inArray(flaggedMessage.id, ids))
    .orderBy(flaggedMessage.id)
    .for("update", { of: flaggedMessage });
  return new Map(
    rows.map(({ m, ...names }) => {
      const { changedBy, ...people } = itemStaff(m, names);
      return [
        m.id,
        {
          fields: { state: m.state, reopened: m.reopened, decidedAt: m.decidedAt ? seconds(m.decidedAt) : null, ...people },
          version: m.version,
          changedBy,
          changedAt: m.changedAt,
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
      decidedAt: next.decidedAt === null ? null : new Date(next.decidedAt * 1000),
      decidedById: next.decidedBy?.id ?? null,
      escalatedAt: next.escalation ? new Date(next.escalation.at * 1000) : null,
      escalatedById: next.escalation?.by?.id ?? null,
      escalationNote: next.escalation?.note ?? null,
      ...changeStamp(actorId),
    })
    .where(inArray(flaggedMessage.id, ids));
}

export async function insertNotes(tx: Tx, ids: string[], actor: StaffRef, body: string): Promise<ReviewNote[]> {
  const rows = await tx
    .insert(reviewNote)
    .values(ids.map((messageId) => ({ messageId, authorId: actor.id, authorName: actor.name, body })))
    .returning();
  return rows.map(toReviewNote);
}

/**
 * Why a command sent from a view of version `seen` is refused, or null when it may go ahead: the
 * item changed since, and not by `actor` themself (their own change, such as a claim answered a
 * moment before, does not make their view stale). With no actor, any change counts.
 */
export function staleViewReason(item: LockedItem, seen: number | undefined, actor: StaffRef | null): string | null {
  if (seen === undefined || seen === item.version || (actor && item.changedBy?.id === actor.id)) return null;
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

import "server-only";
import { eq } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { flaggedMessage, staff } from "@/lib/db/schema";
import type { Escalation } from "@/lib/review/model/review-schemas";
import type { StaffRef } from "@/lib/review/model/transitions";
import { epochSeconds as seconds } from "@/lib/format/epoch-seconds";

/**
 * The staff a review item names (assignee, decider, escalator, last changer), joined by id so
 * the queue and a locked change read the same names the same way.
 */
export function itemStaffJoins() {
  const assignee = alias(staff, "assignee");
  const takenFrom = alias(staff, "taken_from");
  const decider = alias(staff, "decider");
  const escalator = alias(staff, "escalator");
  const changer = alias(staff, "changer");
  return {
    names: { assigneeName: assignee.name, takenFromName: takenFrom.name, deciderName: decider.name, escalatorName: escalator.name, changerName: changer.name },
    join<Q extends PgSelect>(query: Q) {
      return query
        .leftJoin(assignee, eq(assignee.id, flaggedMessage.assigneeId))
        .leftJoin(takenFrom, eq(takenFrom.id, flaggedMessage.takenFromId))
        .leftJoin(decider, eq(decider.id, flaggedMessage.decidedById))
        .leftJoin(escalator, eq(escalator.id, flaggedMessage.escalatedById))
        .leftJoin(changer, eq(changer.id, flaggedMessage.changedById));
    },
  };
}

export type ItemStaffNames = { assigneeName: string | null; takenFromName: string | null; deciderName: string | null; escalatorName: string | null; changerName: string | null };

/** How a staff member whose account was removed is named. */
export const FORMER_STAFF = "a former staff member";

/** A staff member named on an item, by the id column and the joined name. */
export const staffRef = (id: string | null, name: string | null): StaffRef | null => (id ? { id, name: name ?? FORMER_STAFF } : null);

type StaffColumns = Pick<
  typeof flaggedMessage.$inferSelect,
  "assigneeId" | "takenFromId" | "decidedById" | "escalatedAt" | "escalatedById" | "escalationNote" | "changedById"
>;

/** The item's staff as the API and the transitions read them. */
export function itemStaff(
  m: StaffColumns,
  names: ItemStaffNames,
): { assignee: StaffRef | null; takenFrom: StaffRef | null; decidedBy: StaffRef | null; escalation: Escalation | null; changedBy: StaffRef | null } {
  return {
    assignee: staffRef(m.assigneeId, names.assigneeName),
    takenFrom: staffRef(m.takenFromId, names.takenFromName),
    decidedBy: staffRef(m.decidedById, names.deciderName),
    escalation: m.escalatedAt ? { at: seconds(m.escalatedAt), by: staffRef(m.escalatedById, names.escalatorName), note: m.escalationNote ?? "" } : null,
    changedBy: staffRef(m.changedById, names.changerName),
  };
}

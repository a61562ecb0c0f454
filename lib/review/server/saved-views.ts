import "server-only";
import { and, asc, count, eq, or } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { can } from "@/lib/auth/roles";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import { savedView, staff } from "@/lib/db/schema";
import {
  MAX_SAVED_VIEWS_PER_PERSON,
  changedViewFields,
  readSavedViewFields,
  type CreateSavedViewBody,
  type SavedView,
  type UpdateSavedViewBody,
} from "@/lib/review/model/saved-view-schemas";
import { countViews } from "./queue-query";
import { queueTime, readThroughQueueCache } from "./queue-read-cache";
import { queueViewToSearch } from "@/lib/review/model/queue-view";

/**
 * Saved views of the review queue: a staff member's own, and those shared with the team. They
 * are preferences, not moderation actions, so they write no audit rows.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Row = { id: number; name: string; shared: boolean; ownerId: string; ownerName: string; view: Record<string, string>; createdAt: Date };

const NOT_FOUND = "This saved view does not exist, or it is another staff member's private view.";

const columns = {
  id: savedView.id,
  name: savedView.name,
  shared: savedView.shared,
  ownerId: savedView.ownerId,
  ownerName: staff.name,
  view: savedView.view,
  createdAt: savedView.createdAt,
};

function toSavedView(row: Row, actor: StaffSession): SavedView {
  const mine = row.ownerId === actor.id;
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    mine,
    canDelete: mine || (row.shared && can(actor.role, "sharedViews")),
    ownerName: row.ownerName,
    view: readSavedViewFields(row.view),
    createdAt: Math.floor(row.createdAt.getTime() / 1000),
  };
}

/** Mine first, then the team's, each by name. */
export async function listSavedViews(db: Db, actor: StaffSession): Promise<SavedView[]> {
  const rows = await db
    .select(columns)
    .from(savedView)
    .innerJoin(staff, eq(staff.id, savedView.ownerId))
    .where(or(eq(savedView.ownerId, actor.id), eq(savedView.shared, true)))
    .orderBy(asc(savedView.name), asc(savedView.id));
  const views = rows.map((row) => toSavedView(row, actor));
  return [...views.filter((v) => v.mine), ...views.filter((v) => !v.mine)];
}

/**
 * How many items each of my and the team's saved views shows now, counted over the whole queue in
 * one statement (through the stored queue's cache, so a poll that finds nothing changed costs nothing).
 */
export async function countSavedViews(db: Db, actor: StaffSession): Promise<Record<number, number>> {
  const views = await listSavedViews(db, actor);
  const viewer = { id: actor.id, admin: actor.role === "admin" };
  const key = `views:${actor.id}:${queueTime(Date.now())}:${JSON.stringify(views.map((v) => [v.id, queueViewToSearch(v.view)]))}`;
  return readThroughQueueCache(db, key, () => countViews(db, views, viewer));
}

/**
 * Locks the owner's staff row for the transaction, so two saves by one person at once cannot both
 * pass the name and count checks.
 */
async function lockOwner(tx: Tx, ownerId: string): Promise<void> {
  await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, ownerId)).for("update");
}

async function assertNameFree(tx: Tx, ownerId: string, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: savedView.id })
    .from(savedView)
    .where(and(eq(savedView.ownerId, ownerId), eq(savedView.name, name)));
  if (taken && taken.id !== exceptId) throw new ApiError("ERR_CONFLICT", `You already have a saved view named "${name}". Choose another name.`);
}

export async function createSavedView(db: Db, actor: StaffSession, body: CreateSavedViewBody): Promise<SavedView> {
  const id = await db.transaction(async (tx) => {
    await lockOwner(tx, actor.id);
    await assertNameFree(tx, actor.id, body.name);
    const [owned] = await tx.select({ n: count() }).from(savedView).where(eq(savedView.ownerId, actor.id));
    if ((owned?.n ?? 0) >= MAX_SAVED_VIEWS_PER_PERSON) {
      throw new ApiError("ERR_CONFLICT", `You have ${MAX_SAVED_VIEWS_PER_PERSON} saved views, the most one person may keep. Delete one first.`);
    }
    const view = changedViewFields(readSavedViewFields(body.view));
    const [created] = await tx.insert(savedView).values({ ownerId: actor.id, name: body.name, shared: body.shared, view }).returning({ id: savedView.id });
    return created?.id;
  });
  return findVisible(db, actor, id ?? -1);
}

/** A view the actor may see (their own or a shared one), or 404. */
async function findVisible(db: Db | Tx, actor: StaffSession, id: number): Promise<SavedView> {
  const [row] = await db
    .select(columns)
    .from(savedView)
    .innerJoin(staff, eq(staff.id, savedView.ownerId))
    .where(and(eq(savedView.id, id), or(eq(savedView.ownerId, actor.id), eq(savedView.shared, true))));
  if (!row) throw new ApiError("ERR_NOT_FOUND", NOT_FOUND);
  return toSavedView(row, actor);
}

/** Rename or share/unshare: the owner only. */
export async function updateSavedView(db: Db, actor: StaffSession, id: number, body: UpdateSavedViewBody): Promise<SavedView> {
  await db.transaction(async (tx) => {
    const found = await findVisible(tx, actor, id);
    if (!found.mine) throw new ApiError("ERR_FORBIDDEN", `Only ${found.ownerName}, who saved "${found.name}", can rename it or change its sharing.`);
    await lockOwner(tx, actor.id);
    if (body.name !== undefined) await assertNameFree(tx, actor.id, body.name, id);
    await tx
      .update(savedView)
      .set({ ...(body.name !== undefined && { name: body.name }), ...(body.shared !== undefined && { shared: body.shared }) })
      .where(eq(savedView.id, id));
  });
  return findVisible(db, actor, id);
}

/** The owner may delete a view; an admin may also delete a shared one, which the whole team sees. */
export async function deleteSavedView(db: Db, actor: StaffSession, id: number): Promise<void> {
  const found = await findVisible(db, actor, id);
  if (!found.canDelete) {
    throw new ApiError("ERR_FORBIDDEN", `Only ${found.ownerName}, who saved "${found.name}", or an admin can delete it.`);
  }
  await db.delete(savedView).where(eq(savedView.id, id));
}

import "server-only";
import { desc, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AuditRunner } from "@/lib/audit/record";
import type { Db } from "@/lib/db/open";
import { protectedUser, staff } from "@/lib/db/schema";
import type { ProtectedUser } from "@/lib/protection/model/protection-schemas";
import { canonicalUid } from "@/lib/users/user-href";
import { epochSeconds } from "@/lib/format/epoch-seconds";

/** The admins' list of protected users, newest first, with who added each. */
export async function listProtectedUsers(db: Db): Promise<ProtectedUser[]> {
  const rows = await db
    .select({ uid: protectedUser.uid, note: protectedUser.note, addedAt: protectedUser.addedAt, addedBy: staff.name })
    .from(protectedUser)
    .leftJoin(staff, eq(staff.id, protectedUser.addedById))
    .orderBy(desc(protectedUser.addedAt), protectedUser.uid);
  return rows.map((r) => ({ uid: r.uid, note: r.note, addedBy: r.addedBy, addedAt: epochSeconds(r.addedAt) }));
}

/** Adds a user (by UID, in lower case as the service stores it) to the list, audited; adding one already there changes its note. */
export async function addProtectedUser(db: Db, audited: AuditRunner, staffId: string, uid: string, note: string | undefined): Promise<void> {
  const key = canonicalUid(uid);
  await audited({ action: "protected_user.add", targetUids: [key], detail: note ? { note } : {} }, async () => {
    await db
      .insert(protectedUser)
      .values({ uid: key, note: note ?? null, addedById: staffId })
      .onConflictDoUpdate({ target: protectedUser.uid, set: { note: note ?? null } });
  });
}

/** Takes a user off the list, audited; a user who is not on it is a 404 and nothing is recorded as changed. */
export async function removeProtectedUser(db: Db, audited: AuditRunner, uid: string): Promise<void> {
  const key = canonicalUid(uid);
  await audited({ action: "protected_user.remove", targetUids: [key] }, async () => {
    const removed = await db.delete(protectedUser).where(eq(protectedUser.uid, key)).returning({ uid: protectedUser.uid });
    if (removed.length === 0) throw new ApiError("ERR_NOT_FOUND", `${key} is not on the protected list.`);
  });
}

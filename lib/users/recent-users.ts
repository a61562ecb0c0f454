import "server-only";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { recentUser } from "@/lib/db/schema";
import type { RecentUser } from "./user-schemas";

/** Kept per staff member; older views are forgotten so the table stays small. */
export const RECENT_USERS_KEPT = 12;

/** Remembers that a staff member opened a user's page (the newest view moves it to the top). */
export async function recordUserView(db: Db, staffId: string, uid: string, name: string): Promise<void> {
  // PGlite's clock counts whole milliseconds: two views within one tied, and the newest was not
  // always first. Each view is later than the staff member's last one.
  const viewedAt = sql`greatest(now(), (select max(${recentUser.viewedAt}) from ${recentUser} where ${recentUser.staffId} = ${staffId}) + interval '1 microsecond')`;
  await db
    .insert(recentUser)
    .values({ staffId, uid, name, viewedAt })
    .onConflictDoUpdate({ target: [recentUser.staffId, recentUser.uid], set: { name, viewedAt } });
  const keep = db
    .select({ uid: recentUser.uid })
    .from(recentUser)
    .where(eq(recentUser.staffId, staffId))
    .orderBy(desc(recentUser.viewedAt))
    .limit(RECENT_USERS_KEPT);
  await db.delete(recentUser).where(and(eq(recentUser.staffId, staffId), notInArray(recentUser.uid, keep)));
}

export async function listRecentUsers(db: Db, staffId: string): Promise<{ data: RecentUser[] }> {
  const rows = await db
    .select()
    .from(recentUser)
    .where(eq(recentUser.staffId, staffId))
    .orderBy(desc(recentUser.viewedAt), recentUser.uid)
    .limit(RECENT_USERS_KEPT);
  return { data: rows.map((r) => ({ uid: r.uid, name: r.name, viewedAt: Math.floor(r.viewedAt.getTime() / 1000) })) };
}

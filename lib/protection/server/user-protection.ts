import "server-only";
import type { StaffSession } from "@/lib/auth/session";
import type { Db } from "@/lib/db/open";
import type { UserProtection } from "@/lib/protection/model/protection-schemas";
import { readTeamSettings } from "@/lib/settings/server/team-settings";
import { canonicalUid } from "@/lib/users/user-href";
import { listDeactivationRequests } from "./deactivation-requests";
import { findProtected } from "./find-protected";

/** For the user page: whether the user is protected and why, and their pending request if any (the record read is the page's own, cached). */
export async function readUserProtection(db: Db, viewer: StaffSession, uid: string): Promise<UserProtection> {
  const key = canonicalUid(uid);
  const [found, requests] = await Promise.all([readTeamSettings(db).then((settings) => findProtected(db, settings, [key])), listDeactivationRequests(db, viewer, key)]);
  return { protection: found.get(key) ?? null, pending: requests.pending[0] ?? null };
}

import "server-only";
import { inArray } from "drizzle-orm";
import { createLimiter } from "@/lib/async/limiter";
import { ChatServiceError } from "@/lib/chat/errors";
import type { ChatUser } from "@/lib/chat/schemas";
import { chat } from "@/lib/chat/service";
import type { Db } from "@/lib/db/open";
import { protectedUser } from "@/lib/db/schema";
import type { Protection } from "@/lib/protection/model/protection-schemas";
import { protectionFromRecord, protectsByRecord } from "@/lib/protection/model/user-protection";
import type { TeamSettings } from "@/lib/settings/model/team-settings";

/** User records read at once while checking a batch (at most 100 UIDs per request). */
const RECORD_READS_AT_ONCE = 8;

/**
 * The protected users among these (lower-case) UIDs and why. The admins' list is one query. Tags
 * and roles live in the chat service, which has no "these users" lookup: each remaining user's
 * record is read through the client's read cache (shared with the user page, so deactivating
 * from a page just opened costs no call), a few at a time, and only while the team protects any
 * tag or role. A user the service does not find (gone, or already deactivated) carries no tag.
 * Any other failure is thrown: a deactivation that cannot tell whether a user is protected does
 * not run. `names` receives the name of each protected user whose record was read, for the request.
 */
export async function findProtected(
  db: Pick<Db, "select">,
  settings: Pick<TeamSettings, "protectedTags" | "protectedRoles">,
  uids: readonly string[],
  names = new Map<string, string>(),
): Promise<Map<string, Protection>> {
  const found = new Map<string, Protection>();
  if (uids.length === 0) return found;
  const listed = await db.select({ uid: protectedUser.uid }).from(protectedUser).where(inArray(protectedUser.uid, [...uids]));
  for (const { uid } of listed) found.set(uid, { by: "list", value: uid });
  if (!protectsByRecord(settings)) return found;
  const limit = createLimiter(RECORD_READS_AT_ONCE, uids.length);
  await Promise.all(
    uids
      .filter((uid) => !found.has(uid))
      .map((uid) =>
        limit(async () => {
          const record = await readRecord(uid);
          const protection = record && protectionFromRecord(settings, record);
          if (!protection || !record) return;
          found.set(uid, protection);
          names.set(uid, record.name);
        }),
      ),
  );
  return found;
}

async function readRecord(uid: string): Promise<ChatUser | null> {
  try {
    return (await chat().getUser(uid)).data;
  } catch (error) {
    if (error instanceof ChatServiceError && error.status === 404) return null;
    throw error;
  }
}

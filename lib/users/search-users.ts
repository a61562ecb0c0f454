import "server-only";
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { ChatError } from "@/lib/chat/errors";
import { chat } from "@/lib/chat/service";
import type { Db } from "@/lib/db/open";
import { flag, flaggedMessage, recentUser } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { canonicalUid } from "./user-href";
import { USER_SEARCH_LIMIT, type UserMatch, type UserSearchResult } from "./user-search-schemas";

/** A LIKE pattern matching what starts with `prefix`, its own wildcards taken literally. */
const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const senderName = sql<string | null>`${flaggedMessage.message} #>> '{data,entities,sender,entity,name}'`;

/**
 * Users whose UID or name starts with `searchKey`: first those the dashboard already knows (the
 * staff member's recently viewed users, then the queue's senders and flaggers), then the chat
 * service's list-users search, each user once, at most USER_SEARCH_LIMIT. The service is asked
 * only when the known users leave room; when it fails, the known users are still answered, with why.
 */
export async function searchUsers(db: Db, staffId: string, searchKey: string): Promise<UserSearchResult> {
  const pattern = startsWith(searchKey);
  const [recent, senders, flaggers] = await Promise.all([
    db
      .select({ uid: recentUser.uid, name: recentUser.name })
      .from(recentUser)
      .where(and(eq(recentUser.staffId, staffId), or(ilike(recentUser.uid, pattern), ilike(recentUser.name, pattern))))
      .orderBy(desc(recentUser.viewedAt))
      .limit(USER_SEARCH_LIMIT),
    db
      .selectDistinctOn([flaggedMessage.senderUid], { uid: flaggedMessage.senderUid, name: senderName })
      .from(flaggedMessage)
      .where(or(ilike(flaggedMessage.senderUid, pattern), ilike(senderName, pattern)))
      .orderBy(flaggedMessage.senderUid, desc(flaggedMessage.lastFlaggedAt))
      .limit(USER_SEARCH_LIMIT),
    db
      .selectDistinctOn([flag.flaggerUid], { uid: flag.flaggerUid, name: flag.flaggerName })
      .from(flag)
      .where(or(ilike(flag.flaggerUid, pattern), ilike(flag.flaggerName, pattern)))
      .orderBy(flag.flaggerUid, desc(flag.flaggedAt))
      .limit(USER_SEARCH_LIMIT),
  ]);
  const found = new Map<string, UserMatch>();
  const add = (users: { uid: string; name: string | null }[], source: UserMatch["source"]) => {
    for (const user of users) {
      const key = canonicalUid(user.uid);
      if (!found.has(key) && found.size < USER_SEARCH_LIMIT) found.set(key, { uid: user.uid, name: user.name ?? user.uid, source });
    }
  };
  add(recent, "recent");
  add([...senders, ...flaggers].sort((a, b) => (a.name ?? a.uid).localeCompare(b.name ?? b.uid)), "queue");
  if (found.size >= USER_SEARCH_LIMIT) return { data: [...found.values()] };
  try {
    add((await chat().searchUsers(searchKey, USER_SEARCH_LIMIT)).data, "chat");
  } catch (error) {
    if (!(error instanceof ChatError)) throw error;
    log().warn({ err: error, operation: error.operation }, "user search: the chat service could not be searched; answering the users the dashboard knows");
    return { data: [...found.values()], chatServiceProblem: error.message };
  }
  return { data: [...found.values()] };
}

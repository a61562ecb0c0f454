import "server-only";
import { ChatServiceError } from "@/lib/chat/errors";
import { chat } from "@/lib/chat/service";
import { canonicalUid } from "@/lib/users/user-href";
import type { UserAnswer } from "@/lib/users/user-schemas";

/** Pages of deactivated prefix matches read at most (10 of 1,000 users), so a lookup always ends. */
export const MAX_DEACTIVATED_PAGES = 10;

/**
 * The service answers 404 both for a UID that never existed and for a deactivated user, so a 404
 * is asked again among deactivated users: a search by prefix of uid or name, matched here exactly
 * in lower case, page after page until the UID is found or the pages end (a busy prefix may put
 * it behind many others). A deactivated user's page says so, never "not found".
 */
export async function getUser(uid: string): Promise<UserAnswer> {
  const wanted = canonicalUid(uid);
  try {
    return { data: (await chat().getUser(wanted)).data, deactivated: false };
  } catch (error) {
    if (!(error instanceof ChatServiceError && error.status === 404)) throw error;
    for (let page = 1; page <= MAX_DEACTIVATED_PAGES; page++) {
      const { data, meta } = await chat().searchDeactivatedUsers(wanted, page);
      const match = data.find((user) => canonicalUid(user.uid) === wanted);
      if (match) return { data: match, deactivated: true };
      const pagination = meta?.pagination;
      const last = pagination?.total_pages === undefined || pagination.current_page === undefined || pagination.current_page >= pagination.total_pages;
      // A service that ignores `page` answers the first page again: reading on would only repeat it.
      if (last || data.length === 0 || (page > 1 && pagination.current_page !== page)) break;
    }
    throw error;
  }
}

import type { ChatClient } from "./client";
import { createReadCache } from "./read-cache";

const FLAGGED = "flagged";
/** The service keeps UIDs in lower case: one user, one entry, however the UID was typed. */
const userKey = (uid: string) => `user:${uid.toLowerCase()}`;

/**
 * The chat client with its two hot reads (the flagged list, one user) shared through a short-lived
 * cache with request coalescing. Each mutation drops exactly the entries it may have changed, once
 * it has run, whatever its outcome, so staff never see their own action undone by a stale read.
 */
export function withReadCache(client: ChatClient, ttlMs: number): ChatClient {
  const cache = createReadCache(ttlMs);
  const after = async <T>(run: () => Promise<T>, ...keys: string[]): Promise<T> => {
    try {
      return await run();
    } finally {
      for (const key of keys) cache.invalidate(key);
    }
  };
  return {
    ...client,
    // Only the first page at the configured size is shared: the rest are the background sync's alone.
    listFlaggedMessages: (request = {}) =>
      request.page === undefined && !request.withoutLimit ? cache.get(FLAGGED, () => client.listFlaggedMessages()) : client.listFlaggedMessages(request),
    getUser: (uid) => cache.get(userKey(uid), () => client.getUser(uid)),
    pinMessage: (id, onBehalfOf) => after(() => client.pinMessage(id, onBehalfOf), FLAGGED),
    deactivateUsers: (uids) => after(() => client.deactivateUsers(uids), FLAGGED, ...uids.map(userKey)),
    addFriends: (uid, accepted, addToConversations) => after(() => client.addFriends(uid, accepted, addToConversations), userKey(uid)),
    updateAuthToken: (uid, token, update) => after(() => client.updateAuthToken(uid, token, update), userKey(uid)),
    reviewFlaggedMessage: (id, status) => after(() => client.reviewFlaggedMessage(id, status), FLAGGED),
    reactivateUsers: (uids) => after(() => client.reactivateUsers(uids), FLAGGED, ...uids.map(userKey)),
  };
}

import { chatPath } from "./path";
import { withRetry, type RetryPolicy } from "./retry";
import { readingResponses, responses, type ApiKeyScope, type AuthTokenUpdate } from "./schemas";
import type { UpstreamReviewStatus } from "@/lib/review/model/write-back-states";
import { createTransport, type ChatConnectionConfig } from "./transport";

export type ChatClientOptions = ChatConnectionConfig & {
  readRetry?: RetryPolicy;
  /** Sent as `limit` on the flagged list; the service may answer fewer (meta.current.limit says how many). */
  flaggedPageSize?: number;
};

/** One typed function per operation of the chat service's contract (v3). */
export function createChatClient(options: ChatClientOptions) {
  const transport = createTransport(options);
  const read = <T>(run: () => Promise<T>) => withRetry(run, options.readRetry);
  /** GET /users with these parameters (cometchat-real-service.md, list users). */
  const listUsers = (query: Record<string, string>) =>
    read(() => transport.send({ operation: "listUsers", method: "GET", path: "/users", query }, responses.listUsers));

  return {
    /** POST /messages/{id}/pin: as the app, or as `onBehalfOf` with that user's permissions. */
    pinMessage: (id: string, onBehalfOf?: string) =>
      transport.send(
        { operation: "pinMessage", method: "POST", path: chatPath`/messages/${id}/pin`, headers: { onBehalfOf } },
        responses.pinMessage,
      ),

    /** PUT /users/{uid}/auth_tokens/{authToken} */
    updateAuthToken: (uid: string, authToken: string, update: AuthTokenUpdate) =>
      transport.send(
        {
          operation: "updateAuthToken",
          method: "PUT",
          path: chatPath`/users/${uid}/auth_tokens/${authToken}`,
          body: update,
        },
        responses.updateAuthToken,
      ),

    /** GET /apikeys. The keyword parameter's name is not in the contract, so it is never sent. */
    listApiKeys: (scope?: ApiKeyScope) =>
      read(() =>
        transport.send({ operation: "listApiKeys", method: "GET", path: "/apikeys", query: { scope } }, responses.listApiKeys),
      ),

    /** POST /users/{uid}/friends */
    addFriends: (uid: string, accepted: string[], addToConversations = false) =>
      transport.send(
        {
          operation: "addFriends",
          method: "POST",
          path: chatPath`/users/${uid}/friends`,
          body: { accepted, addToConversations },
        },
        responses.addFriends,
      ),

    /** DELETE /users with a JSON body. */
    deactivateUsers: (uidsToDeactivate: string[]) =>
      transport.send(
        { operation: "deactivateUsers", method: "DELETE", path: "/users", body: { uidsToDeactivate } },
        responses.deactivateUsers,
      ),

    /** GET /users/{uid} */
    getUser: (uid: string) =>
      read(() => transport.send({ operation: "getUser", method: "GET", path: chatPath`/users/${uid}` }, responses.getUser)),

    /**
     * GET /moderation/flagged-messages?limit=N. The reference documents one page-size parameter
     * without naming it; `limit` is the name its answer uses (meta.current.limit). No page or cursor
     * parameter is documented, so `page` (the name the service's other lists use) is sent only for
     * a page after the first, and only when an answer's meta.pagination said there is one.
     * `withoutLimit` asks at the service's own page size (documented as 50), for a service that
     * refuses the configured one.
     */
    listFlaggedMessages: ({ page, withoutLimit = false }: FlaggedListRequest = {}) =>
      read(() =>
        transport.send(
          {
            operation: "listFlaggedMessages",
            method: "GET",
            path: "/moderation/flagged-messages",
            query: {
              limit: options.flaggedPageSize === undefined || withoutLimit ? undefined : String(options.flaggedPageSize),
              page: page === undefined ? undefined : String(page),
            },
          },
          responses.listFlaggedMessages,
        ),
      ),

    // Writing decisions back and deactivated users (cometchat-real-service.md).

    /** PATCH /moderation/flagged-messages/{id}: approved keeps the message visible, disapproved hides it. Idempotent. */
    reviewFlaggedMessage: (id: string, status: UpstreamReviewStatus) =>
      transport.send(
        { operation: "reviewFlaggedMessage", method: "PATCH", path: chatPath`/moderation/flagged-messages/${id}`, body: { status } },
        responses.reviewFlaggedMessage,
      ),

    /** PUT /users with uidsToActivate. */
    reactivateUsers: (uidsToActivate: string[]) =>
      transport.send(
        { operation: "reactivateUsers", method: "PUT", path: "/users", body: { uidsToActivate } },
        responses.reactivateUsers,
      ),

    /** GET /users?onlyDeactivated=true&searchKey=<uid>&perPage=1000&page=N: a page of the largest size of a search by prefix of uid or name; callers match the uid. */
    searchDeactivatedUsers: (searchKey: string, page = 1) =>
      listUsers({ onlyDeactivated: "true", searchKey, perPage: String(DEACTIVATED_PAGE_SIZE), ...(page > 1 ? { page: String(page) } : {}) }),

    /** GET /users?searchKey=<prefix>&perPage=N: the first N active users whose uid or name starts with the prefix. */
    searchUsers: (searchKey: string, perPage: number) => listUsers({ searchKey, perPage: String(perPage) }),

    /** The rate-limit headers of the service's last answer, for health and background pacing. */
    rateLimit: () => transport.rateLimit(),

    // Reading a conversation around a flagged message (the queue's "Show conversation").

    /** GET /groups/{guid}/messages: up to `limit` messages before (`prepend`) or after (`append`) message `id`. */
    listGroupMessages: (guid: string, page: ConversationPage) =>
      read(() =>
        transport.send(
          { operation: "listGroupMessages", method: "GET", path: chatPath`/groups/${guid}/messages`, query: pageQuery(page) },
          readingResponses.listGroupMessages,
        ),
      ),

    /** GET /users/{uid}/messages as `onBehalfOf`: the conversation between those two users. */
    listUserMessages: (uid: string, onBehalfOf: string, page: ConversationPage) =>
      read(() =>
        transport.send(
          { operation: "listUserMessages", method: "GET", path: chatPath`/users/${uid}/messages`, query: pageQuery(page), headers: { onBehalfOf } },
          readingResponses.listUserMessages,
        ),
      ),

    close: () => transport.close(),
  };
}

export type ChatClient = ReturnType<typeof createChatClient>;

/** The list-users operation's largest page (cometchat-real-service.md: perPage, default 100, max 1000). */
export const DEACTIVATED_PAGE_SIZE = 1000;

/** Which page of the flagged list, and whether to leave the configured page size out. */
export type FlaggedListRequest = { page?: number; withoutLimit?: boolean };

/** Paging of the list-messages operations: around message `id`, before it (`prepend`) or after it (`append`). */
export type ConversationPage = { id: string; affix: "prepend" | "append"; limit: number };

const pageQuery = (page: ConversationPage) => ({ id: page.id, affix: page.affix, limit: String(page.limit) });

import { chatPath } from "./path";
import { withRetry, type RetryPolicy } from "./retry";
import { responses, type ApiKeyScope, type AuthTokenUpdate } from "./schemas";
import { createTransport, type ChatConnectionConfig } from "./transport";

export type ChatClientOptions = ChatConnectionConfig & { readRetry?: RetryPolicy };

/** One typed function per operation of the chat service's contract (v3). */
export function createChatClient(options: ChatClientOptions) {
  const transport = createTransport(options);
  const read = <T>(run: () => Promise<T>) => withRetry(run, options.readRetry);

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

    /** GET /moderation/flagged-messages (no parameters are in the contract). */
    listFlaggedMessages: () =>
      read(() =>
        transport.send(
          { operation: "listFlaggedMessages", method: "GET", path: "/moderation/flagged-messages" },
          responses.listFlaggedMessages,
        ),
      ),

    close: () => transport.close(),
  };
}

export type ChatClient = ReturnType<typeof createChatClient>;

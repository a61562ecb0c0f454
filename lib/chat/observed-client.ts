import type { ChatClient } from "./client";

/** Called after every call that reached for the chat service: undefined when it succeeded. */
export type CallObserver = (error?: unknown) => void;

/** The chat client with every operation's outcome reported to `observe` (the health monitor), then passed on unchanged. */
export function observeCalls(client: ChatClient, observe: CallObserver): ChatClient {
  const watch =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await operation(...args);
        observe();
        return result;
      } catch (error) {
        observe(error);
        throw error;
      }
    };
  return {
    ...client,
    pinMessage: watch(client.pinMessage),
    updateAuthToken: watch(client.updateAuthToken),
    listApiKeys: watch(client.listApiKeys),
    addFriends: watch(client.addFriends),
    deactivateUsers: watch(client.deactivateUsers),
    getUser: watch(client.getUser),
    listFlaggedMessages: watch(client.listFlaggedMessages),
  };
}

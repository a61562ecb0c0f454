import type { ChatClient } from "./client";

/** One operation that reached for the chat service: its name, how long it took (retries included), and its error when it failed. */
export type ObservedCall = { operation: string; seconds: number; error?: unknown };

/** Called after every call that reached for the chat service. */
export type CallObserver = (call: ObservedCall) => void;

/** The chat client with every operation's outcome reported to `observe` (the health monitor, the metrics), then passed on unchanged. */
export function observeCalls(client: ChatClient, observe: CallObserver): ChatClient {
  const watch =
    <A extends unknown[], R>(name: keyof ChatClient, operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      let result: R;
      try {
        result = await operation(...args);
      } catch (error) {
        observe({ operation: name, seconds: seconds(), error });
        throw error;
      }
      observe({ operation: name, seconds: seconds() });
      return result;
    };
  return {
    ...client,
    pinMessage: watch("pinMessage", client.pinMessage),
    updateAuthToken: watch("updateAuthToken", client.updateAuthToken),
    listApiKeys: watch("listApiKeys", client.listApiKeys),
    addFriends: watch("addFriends", client.addFriends),
    deactivateUsers: watch("deactivateUsers", client.deactivateUsers),
    getUser: watch("getUser", client.getUser),
    listFlaggedMessages: watch("listFlaggedMessages", client.listFlaggedMessages),
    reviewFlaggedMessage: watch("reviewFlaggedMessage", client.reviewFlaggedMessage),
    reactivateUsers: watch("reactivateUsers", client.reactivateUsers),
    searchDeactivatedUsers: watch("searchDeactivatedUsers", client.searchDeactivatedUsers),
    searchUsers: watch("searchUsers", client.searchUsers),
    listGroupMessages: watch("listGroupMessages", client.listGroupMessages),
    listUserMessages: watch("listUserMessages", client.listUserMessages),
  };
}

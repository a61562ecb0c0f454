import type { ChatClient } from "./client";
import { wrapOperations, type ChatOperation } from "./operations";

/** One operation that reached for the chat service: its name, how long it took (retries included), and its error when it failed. */
export type ObservedCall = { operation: ChatOperation; seconds: number; error?: unknown };

/** Called after every call that reached for the chat service. */
export type CallObserver = (call: ObservedCall) => void;

/** The chat client with every operation's outcome reported to `observe` (the health monitor, the metrics), then passed on unchanged. */
export function observeCalls(client: ChatClient, observe: CallObserver): ChatClient {
  const operations = wrapOperations(client, (run, _row, operation) => async (...args) => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let result: unknown;
    try {
      result = await run(...args);
    } catch (error) {
      observe({ operation, seconds: seconds(), error });
      throw error;
    }
    observe({ operation, seconds: seconds() });
    return result;
  });
  return { ...client, ...operations };
}

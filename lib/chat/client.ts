import { operationsFrom, type ChatOperations, type OperationSettings } from "./operations";
import { fillPath } from "./path";
import type { RateLimitReading } from "./rate-limit";
import { withRetry, type RetryPolicy } from "./retry";
import { createTransport, type ChatConnectionConfig } from "./transport";

export type { ConversationPage, FlaggedListRequest } from "./operations";

export type ChatClientOptions = ChatConnectionConfig &
  OperationSettings & {
    readRetry?: RetryPolicy;
  };

/** One typed function per row of the operations table (operations.ts), plus the last rate-limit reading. */
export type ChatClient = ChatOperations & {
  /** The rate-limit headers of the service's last answer, for health and background pacing. */
  rateLimit(): RateLimitReading | undefined;
  close(): Promise<void>;
};

/** The chat service's client (v3): each operation sends its row's request; reads retry, writes go once. */
export function createChatClient(options: ChatClientOptions): ChatClient {
  const transport = createTransport(options);
  const operations = operationsFrom((operation, row) => async (...args) => {
    const { params, query, headers, body } = row.request(options, ...args);
    const request = { operation, method: row.method, path: fillPath(row.path, params), query, headers, body };
    const send = () => transport.send(request, row.response);
    return row.method === "GET" ? withRetry(send, options.readRetry) : send();
  });
  return { ...operations, rateLimit: () => transport.rateLimit(), close: () => transport.close() };
}

import type { z } from "zod";
import type { UpstreamReviewStatus } from "@/lib/review/model/write-back-states";
import { readingResponses, responses, type ApiKeyScope, type AuthTokenUpdate } from "./schemas";

/*
 * Every operation of the chat service the dashboard calls, one row each: the typed client
 * (client.ts), its decorators (observed-client.ts, cached-client.ts), the error wording
 * (errors.ts) and the emulator's routes (lib/emulator/api-routes.ts) are all derived from this
 * table, so adding an operation is one row here plus its handler in the emulator.
 *
 * No `import "server-only"`: the emulator, which runs under plain tsx, reads the routes from here.
 * Nothing here touches the key or the network.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** `/users/:uid/auth_tokens/:authToken` → "uid" | "authToken". */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a request carries besides its method and path; undefined values are left out. */
type RequestExtras = {
  query?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
  body?: unknown;
};

/** A path with `:name` segments must be given their values, and one without takes none. */
type RequestParts<P extends string> = RequestExtras & ([ParamNames<P>] extends [never] ? { params?: undefined } : { params: Record<ParamNames<P>, string> });

/** The client's configuration a request may depend on. */
export type OperationSettings = {
  /** Sent as `limit` on the flagged list; the service may answer fewer (meta.current.limit says how many). */
  flaggedPageSize?: number;
};

/** What a row says besides how its arguments become a request. */
type RowFields<M extends HttpMethod, P extends string, S extends z.ZodType<object>> = {
  method: M;
  /** Relative to the base address; each `:name` segment is filled with one percent-encoded value (path.ts). */
  path: P;
  /** The key scope the service requires: fullAccess, or authOnly when either key will do. */
  scope: ApiKeyScope;
  /** The operation as a moderator reads it in an error message ("could not pin message"). */
  label: string;
  /** The answer's envelope (schemas.ts); what the client's function resolves to. */
  response: S;
};

/**
 * One operation. A GET is a read: retried on a refused connection or a 5xx (retry.ts), and its
 * answer may be shared through the read cache under `cacheKey` (undefined: not shared). Any other
 * method is a write: sent once, then the cache entries it names in `invalidates` are dropped,
 * whatever its outcome.
 */
type OperationRow<M extends HttpMethod, P extends string, A extends unknown[], S extends z.ZodType<object>> = RowFields<M, P, S> & {
  request: (settings: OperationSettings, ...args: A) => RequestParts<P>;
} & (M extends "GET" ? { cacheKey?: (...args: A) => string | undefined } : { invalidates?: (...args: A) => readonly string[] });

type ArgsOf<F> = F extends (settings: OperationSettings, ...args: infer A) => unknown ? A : never;

/**
 * Keeps each row's literal method and path, checks its request against its path's parameters, and
 * takes the operation's arguments from its request alone (the cache policy's must match them).
 */
const operation = <
  const M extends HttpMethod,
  const P extends string,
  F extends (settings: OperationSettings, ...args: never[]) => RequestParts<P>,
  S extends z.ZodType<object>,
>(
  row: OperationRow<M, P, ArgsOf<F>, S> & { request: F },
) => row;

/** Which page of the flagged list, and whether to leave the configured page size out. */
export type FlaggedListRequest = { page?: number; withoutLimit?: boolean };

/** Paging of the list-messages operations: around message `id`, before it (`prepend`) or after it (`append`). */
export type ConversationPage = { id: string; affix: "prepend" | "append"; limit: number };

/** The list-users operation's largest page (cometchat-real-service.md: perPage, default 100, max 1000). */
export const DEACTIVATED_PAGE_SIZE = 1000;

/** The read cache's keys: the flagged list's first page, and one user. */
const FLAGGED = "flagged";
/** The service keeps UIDs in lower case: one user, one entry, however the UID was typed. */
const userKey = (uid: string) => `user:${uid.toLowerCase()}`;

const pageQuery = (page: ConversationPage) => ({ id: page.id, affix: page.affix, limit: String(page.limit) });

export const CHAT_OPERATIONS = {
  // The contract's seven (chat-api-v3.md).

  /** As the app, or as `onBehalfOf` with that user's permissions. */
  pinMessage: operation({
    method: "POST",
    path: "/messages/:id/pin",
    scope: "fullAccess",
    label: "pin message",
    request: (_, id: string, onBehalfOf?: string) => ({ params: { id }, headers: { onBehalfOf } }),
    response: responses.pinMessage,
    invalidates: () => [FLAGGED],
  }),

  updateAuthToken: operation({
    method: "PUT",
    path: "/users/:uid/auth_tokens/:authToken",
    scope: "fullAccess",
    label: "update auth token",
    request: (_, uid: string, authToken: string, update: AuthTokenUpdate) => ({ params: { uid, authToken }, body: update }),
    response: responses.updateAuthToken,
    invalidates: (uid: string) => [userKey(uid)],
  }),

  /** The keyword parameter's name is not in the contract, so it is never sent. */
  listApiKeys: operation({
    method: "GET",
    path: "/apikeys",
    scope: "fullAccess",
    label: "list API keys",
    request: (_, scope?: ApiKeyScope) => ({ query: { scope } }),
    response: responses.listApiKeys,
  }),

  addFriends: operation({
    method: "POST",
    path: "/users/:uid/friends",
    scope: "fullAccess",
    label: "add friends",
    request: (_, uid: string, accepted: string[], addToConversations: boolean = false) => ({ params: { uid }, body: { accepted, addToConversations } }),
    response: responses.addFriends,
    invalidates: (uid: string) => [userKey(uid)],
  }),

  /** A DELETE with a JSON body. */
  deactivateUsers: operation({
    method: "DELETE",
    path: "/users",
    scope: "fullAccess",
    label: "deactivate users",
    request: (_, uidsToDeactivate: string[]) => ({ body: { uidsToDeactivate } }),
    response: responses.deactivateUsers,
    invalidates: (uids: string[]) => [FLAGGED, ...uids.map(userKey)],
  }),

  getUser: operation({
    method: "GET",
    path: "/users/:uid",
    scope: "fullAccess",
    label: "get user",
    request: (_, uid: string) => ({ params: { uid } }),
    response: responses.getUser,
    cacheKey: (uid: string) => userKey(uid),
  }),

  /**
   * `?limit=N`. The reference documents one page-size parameter without naming it; `limit` is the
   * name its answer uses (meta.current.limit). No page or cursor parameter is documented, so `page`
   * (the name the service's other lists use) is sent only for a page after the first, and only
   * when an answer's meta.pagination said there is one. `withoutLimit` asks at the service's own
   * page size (documented as 50), for a service that refuses the configured one. Only the first
   * page at the configured size is shared: the rest are the background sync's alone.
   */
  listFlaggedMessages: operation({
    method: "GET",
    path: "/moderation/flagged-messages",
    scope: "fullAccess",
    label: "list flagged messages",
    request: ({ flaggedPageSize }, { page, withoutLimit = false }: FlaggedListRequest = {}) => ({
      query: {
        limit: flaggedPageSize === undefined || withoutLimit ? undefined : String(flaggedPageSize),
        page: page === undefined ? undefined : String(page),
      },
    }),
    response: responses.listFlaggedMessages,
    cacheKey: (request: FlaggedListRequest = {}) => (request.page === undefined && !request.withoutLimit ? FLAGGED : undefined),
  }),

  // Writing decisions back and deactivated users (cometchat-real-service.md).

  /** Approved keeps the message visible, disapproved hides it. Idempotent. */
  reviewFlaggedMessage: operation({
    method: "PATCH",
    path: "/moderation/flagged-messages/:id",
    scope: "fullAccess",
    label: "write a review decision",
    request: (_, id: string, status: UpstreamReviewStatus) => ({ params: { id }, body: { status } }),
    response: responses.reviewFlaggedMessage,
    invalidates: () => [FLAGGED],
  }),

  reactivateUsers: operation({
    method: "PUT",
    path: "/users",
    scope: "fullAccess",
    label: "reactivate users",
    request: (_, uidsToActivate: string[]) => ({ body: { uidsToActivate } }),
    response: responses.reactivateUsers,
    invalidates: (uids: string[]) => [FLAGGED, ...uids.map(userKey)],
  }),

  /** `?onlyDeactivated=true&searchKey=<uid>&perPage=1000&page=N`: a page of the largest size of a search by prefix of uid or name; callers match the uid. */
  searchDeactivatedUsers: operation({
    method: "GET",
    path: "/users",
    scope: "fullAccess",
    label: "list users",
    request: (_, searchKey: string, page: number = 1) => ({
      query: { onlyDeactivated: "true", searchKey, perPage: String(DEACTIVATED_PAGE_SIZE), page: page > 1 ? String(page) : undefined },
    }),
    response: responses.listUsers,
  }),

  /** `?searchKey=<prefix>&perPage=N`: the first N active users whose uid or name starts with the prefix. */
  searchUsers: operation({
    method: "GET",
    path: "/users",
    scope: "fullAccess",
    label: "list users",
    request: (_, searchKey: string, perPage: number) => ({ query: { searchKey, perPage: String(perPage) } }),
    response: responses.listUsers,
  }),

  // Reading a conversation around a flagged message (the queue's "Show conversation").

  /** Up to `limit` messages before (`prepend`) or after (`append`) message `id`. */
  listGroupMessages: operation({
    method: "GET",
    path: "/groups/:guid/messages",
    scope: "fullAccess",
    label: "list a group's messages",
    request: (_, guid: string, page: ConversationPage) => ({ params: { guid }, query: pageQuery(page) }),
    response: readingResponses.listGroupMessages,
  }),

  /** As `onBehalfOf`: the conversation between those two users. */
  listUserMessages: operation({
    method: "GET",
    path: "/users/:uid/messages",
    scope: "fullAccess",
    label: "list a conversation's messages",
    request: (_, uid: string, onBehalfOf: string, page: ConversationPage) => ({ params: { uid }, query: pageQuery(page), headers: { onBehalfOf } }),
    response: readingResponses.listUserMessages,
  }),
};

type Table = typeof CHAT_OPERATIONS;

export type ChatOperation = keyof Table;

/** The client's function for each row: its arguments, and the answer its schema parses. */
export type ChatOperations = { [K in ChatOperation]: (...args: ArgsOf<Table[K]["request"]>) => Promise<z.output<Table[K]["response"]>> };

/** An endpoint of the service ("GET /users/:uid"); several operations may share one. */
export type ChatEndpointKey = { [K in ChatOperation]: `${Table[K]["method"]} ${Table[K]["path"]}` }[ChatOperation];

/** A row with its argument types erased: what code that passes arguments through unread works with. */
export type UntypedRow = RowFields<HttpMethod, string, z.ZodType<object>> & {
  request: (settings: OperationSettings, ...args: unknown[]) => RequestExtras & { params?: Record<string, string> };
  cacheKey?: (...args: unknown[]) => string | undefined;
  invalidates?: (...args: unknown[]) => readonly string[];
};

export const CHAT_OPERATION_NAMES = Object.keys(CHAT_OPERATIONS) as ChatOperation[];

export function operationRow(name: ChatOperation): UntypedRow {
  // Sound because every caller hands a row back only arguments the typed client accepted for it.
  return CHAT_OPERATIONS[name] as unknown as UntypedRow;
}

/** An operation's function with its types erased, for wrappers that pass arguments and answers through. */
export type UntypedOperation = (...args: unknown[]) => Promise<unknown>;

/** The client's functions, one per row, built by `make`; the one place their types are put back. */
export function operationsFrom(make: (name: ChatOperation, row: UntypedRow) => UntypedOperation): ChatOperations {
  return Object.fromEntries(CHAT_OPERATION_NAMES.map((name) => [name, make(name, operationRow(name))])) as unknown as ChatOperations;
}

/** `client`'s functions, each replaced by what `wrap` makes of it (a decorator: observed-client.ts, cached-client.ts). */
export function wrapOperations(client: ChatOperations, wrap: (run: UntypedOperation, row: UntypedRow, name: ChatOperation) => UntypedOperation): ChatOperations {
  return operationsFrom((name, row) => wrap(client[name] as UntypedOperation, row, name));
}

/** Each endpoint once, in the table's order, with the scope its operations require. */
export const CHAT_ENDPOINTS: readonly { key: ChatEndpointKey; method: HttpMethod; path: string; scope: ApiKeyScope }[] = [
  ...new Map(
    CHAT_OPERATION_NAMES.map((name) => {
      const { method, path, scope } = operationRow(name);
      const key = `${method} ${path}` as ChatEndpointKey;
      return [key, { key, method, path, scope }] as const;
    }),
  ).values(),
];

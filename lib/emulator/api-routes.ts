import type { IncomingMessage } from "node:http";
import { CHAT_ENDPOINTS, type ChatEndpointKey } from "@/lib/chat/operations";
import type { ApiKeyScope } from "@/lib/chat/schemas";
import { badRequest } from "./errors";
import { headerValue } from "./http";
import { compileRoutes, type RouteDefinition } from "./router";
import {
  addFriendsSchema,
  apiKeysQuerySchema,
  authTokenUpdateSchema,
  conversationQuerySchema,
  deactivateUsersSchema,
  flaggedQuerySchema,
  flagMessageSchema,
  listUsersQuerySchema,
  parseInput,
  reactivateUsersSchema,
  reviewFlaggedSchema,
} from "./schemas";
import { messageJson, userJson } from "./serialize";
import type { MessageRecord } from "./records";
import type { EmulatorSettings } from "./settings";
import type { EmulatorState } from "./state";

export type ApiContext = {
  req: IncomingMessage;
  params: Record<string, string>;
  rawQuery: string;
  state: EmulatorState;
  settings: EmulatorSettings;
  /** Seconds. */
  now: number;
  readBody(): Promise<unknown>;
};

/** `body` may be a Buffer of JSON already (the cached flagged list). */
export type ApiAnswer = { status?: number; body: unknown };

export type ApiHandler = {
  /** Completes "The API key has authOnly scope and may not …". */
  action: string;
  run(ctx: ApiContext): ApiAnswer | Promise<ApiAnswer>;
};

/** A handler with the key scope its endpoint requires (authOnly: either key will do). */
export type ApiRoute = ApiHandler & { scope: ApiKeyScope };

const param = (ctx: ApiContext, name: string) => ctx.params[name] ?? "";
const queryOf = (ctx: ApiContext) => Object.fromEntries(new URLSearchParams(ctx.rawQuery));

/**
 * One handler per endpoint of the chat operations table (lib/chat/operations.ts), where the
 * routes, their order and their key scopes come from: a row with a new endpoint fails the type
 * check until its handler is here.
 */
const handlers: Record<ChatEndpointKey, ApiHandler> = {
  "POST /messages/:id/pin": {
    action: "pin messages",
    run(ctx) {
      const onBehalfOf = headerValue(ctx.req, "onbehalfof");
      const message = ctx.state.pinMessage(param(ctx, "id"), onBehalfOf, ctx.settings.pinningEnabled, ctx.settings.pinLimit, ctx.now);
      return { body: { data: messageJson(message, ctx.state.messageContext) } };
    },
  },
  "PUT /users/:uid/auth_tokens/:authToken": {
    action: "update auth tokens",
    async run(ctx) {
      const update = parseInput(authTokenUpdateSchema, await ctx.readBody(), "body");
      const token = ctx.state.updateAuthToken(param(ctx, "uid"), param(ctx, "authToken"), update, ctx.now);
      return { body: { data: { uid: token.uid, authToken: token.authToken, createdAt: token.createdAt } } };
    },
  },
  "GET /apikeys": {
    action: "list API keys",
    run(ctx) {
      const query = parseInput(apiKeysQuerySchema, queryOf(ctx), "query");
      const page = ctx.state.listApiKeys(query);
      return {
        body: {
          data: page.keys.map((key) => ({ apiKey: key.apiKey, name: key.name, scope: key.scope, createdAt: key.createdAt })),
          meta: { pagination: page.pagination },
        },
      };
    },
  },
  "POST /users/:uid/friends": {
    action: "add friends",
    async run(ctx) {
      const body = parseInput(addFriendsSchema, await ctx.readBody(), "body");
      const accepted = ctx.state.addFriends(param(ctx, "uid"), body.accepted, body.addToConversations ?? false, ctx.now);
      return { body: { data: { accepted } } };
    },
  },
  "DELETE /users": {
    action: "deactivate users",
    async run(ctx) {
      const body = parseInput(deactivateUsersSchema, await ctx.readBody(), "body");
      return { body: { data: ctx.state.deactivateUsers(body.uidsToDeactivate, ctx.now) } };
    },
  },
  "GET /users/:uid": {
    action: "read users",
    run(ctx) {
      return { body: { data: userJson(ctx.state.requireActiveUser(param(ctx, "uid"))) } };
    },
  },
  "GET /moderation/flagged-messages": {
    action: "list flagged messages",
    run(ctx) {
      // Like the real service: at most `limit` items, and never more than its own maximum per answer.
      const { limit, page } = parseInput(flaggedQuerySchema, queryOf(ctx), "query");
      const size = Math.min(limit ?? ctx.settings.flaggedLimit, ctx.settings.flaggedLimit);
      return { body: ctx.state.flaggedListBody(size, ctx.settings.flaggedPaging ? (page ?? 1) : undefined) };
    },
  },
  "GET /groups/:guid/messages": {
    action: "list group messages",
    run(ctx) {
      const guid = param(ctx, "guid");
      ctx.state.requireGroup(guid);
      const page = parseInput(conversationQuerySchema, Object.fromEntries(new URLSearchParams(ctx.rawQuery)), "query");
      return messageListAnswer(ctx, page.limit, ctx.state.conversationMessages({ group: guid }, page));
    },
  },
  "GET /users/:uid/messages": {
    action: "list user messages",
    run(ctx) {
      const uid = ctx.state.requireUser(param(ctx, "uid")).uid;
      // As the spec's onBehalfOf: the conversation between that user and {uid}; without it, every direct message of {uid}.
      const onBehalfOf = headerValue(ctx.req, "onbehalfof");
      const other = onBehalfOf === undefined ? undefined : ctx.state.requireUser(onBehalfOf).uid;
      const page = parseInput(conversationQuerySchema, Object.fromEntries(new URLSearchParams(ctx.rawQuery)), "query");
      return messageListAnswer(ctx, page.limit, ctx.state.conversationMessages({ user: uid, with: other }, page));
    },
  },
  // Beyond the contract, as the real service answers (cometchat-real-service.md).
  "PATCH /moderation/flagged-messages/:id": {
    action: "review flagged messages",
    async run(ctx) {
      const body = parseInput(reviewFlaggedSchema, await ctx.readBody(), "body");
      // The published answer has no data envelope.
      return { body: { success: true, message: ctx.state.reviewFlaggedMessage(param(ctx, "id"), body.status) } };
    },
  },
  "PUT /users": {
    action: "reactivate users",
    async run(ctx) {
      const body = parseInput(reactivateUsersSchema, await ctx.readBody(), "body");
      return { body: { data: ctx.state.reactivateUsers(body.uidsToActivate) } };
    },
  },
  "GET /users": {
    action: "list users",
    run(ctx) {
      const page = ctx.state.listUsers(parseInput(listUsersQuerySchema, queryOf(ctx), "query"));
      return { body: { data: page.users.map(userJson), meta: { pagination: page.pagination } } };
    },
  },
};

/**
 * Endpoints of the service that the dashboard never calls, so not rows of the operations table:
 * flagging, which tests and the benchmark use to feed the queue as the app's users would.
 */
const emulatorOnly: RouteDefinition<ApiRoute>[] = [
  {
    method: "POST",
    path: "/messages/:id/flagged",
    handle: {
      scope: "fullAccess",
      action: "flag messages",
      async run(ctx) {
        const onBehalfOf = headerValue(ctx.req, "onbehalfof");
        if (onBehalfOf === undefined) throw badRequest("The onBehalfOf header is required: a message is flagged by a user.");
        const body = parseInput(flagMessageSchema, await ctx.readBody(), "body");
        ctx.state.flagMessage(param(ctx, "id"), onBehalfOf, body.reasonId, body.remark ?? "", ctx.now);
        return { body: { data: { success: true } } };
      },
    },
  },
];

function messageListAnswer(ctx: ApiContext, limit: number, messages: MessageRecord[]): ApiAnswer {
  return { body: { data: messages.map((m) => messageJson(m, ctx.state.messageContext)), meta: { current: { limit, count: messages.length } } } };
}

export const API_ROUTES = compileRoutes<ApiRoute>([
  ...CHAT_ENDPOINTS.map(({ key, method, path, scope }) => ({ method, path, handle: { ...handlers[key], scope } })),
  ...emulatorOnly,
]);

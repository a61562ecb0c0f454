import type { IncomingMessage } from "node:http";
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

const param = (ctx: ApiContext, name: string) => ctx.params[name] ?? "";
const queryOf = (ctx: ApiContext) => Object.fromEntries(new URLSearchParams(ctx.rawQuery));

/** The seven operations of the contract, flagging (which the emulator needs to feed the queue), and the real service's review, reactivate and list-users operations. */
const definitions: RouteDefinition<ApiHandler>[] = [
  {
    method: "POST",
    path: "/messages/:id/pin",
    handle: {
      action: "pin messages",
      run(ctx) {
        const onBehalfOf = headerValue(ctx.req, "onbehalfof");
        const message = ctx.state.pinMessage(param(ctx, "id"), onBehalfOf, ctx.settings.pinningEnabled, ctx.settings.pinLimit, ctx.now);
        return { body: { data: messageJson(message, ctx.state.messageContext) } };
      },
    },
  },
  {
    method: "PUT",
    path: "/users/:uid/auth_tokens/:authToken",
    handle: {
      action: "update auth tokens",
      async run(ctx) {
        const update = parseInput(authTokenUpdateSchema, await ctx.readBody(), "body");
        const token = ctx.state.updateAuthToken(param(ctx, "uid"), param(ctx, "authToken"), update, ctx.now);
        return { body: { data: { uid: token.uid, authToken: token.authToken, createdAt: token.createdAt } } };
      },
    },
  },
  {
    method: "GET",
    path: "/apikeys",
    handle: {
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
  },
  {
    method: "POST",
    path: "/users/:uid/friends",
    handle: {
      action: "add friends",
      async run(ctx) {
        const body = parseInput(addFriendsSchema, await ctx.readBody(), "body");
        const accepted = ctx.state.addFriends(param(ctx, "uid"), body.accepted, body.addToConversations ?? false, ctx.now);
        return { body: { data: { accepted } } };
      },
    },
  },
  {
    method: "DELETE",
    path: "/users",
    handle: {
      action: "deactivate users",
      async run(ctx) {
        const body = parseInput(deactivateUsersSchema, await ctx.readBody(), "body");
        return { body: { data: ctx.state.deactivateUsers(body.uidsToDeactivate, ctx.now) } };
      },
    },
  },
  {
    method: "GET",
    path: "/users/:uid",
    handle: {
      action: "read users",
      run(ctx) {
        return { body: { data: userJson(ctx.state.requireActiveUser(param(ctx, "uid"))) } };
      },
    },
  },
  {
    method: "GET",
    path: "/moderation/flagged-messages",
    handle: {
      action: "list flagged messages",
      run(ctx) {
        // Like the real service: at most `limit` items, and never more than its own maximum per answer.
        const { limit, page } = parseInput(flaggedQuerySchema, queryOf(ctx), "query");
        const size = Math.min(limit ?? ctx.settings.flaggedLimit, ctx.settings.flaggedLimit);
        return { body: ctx.state.flaggedListBody(size, ctx.settings.flaggedPaging ? (page ?? 1) : undefined) };
      },
    },
  },
  {
    method: "GET",
    path: "/groups/:guid/messages",
    handle: {
      action: "list group messages",
      run(ctx) {
        const guid = param(ctx, "guid");
        ctx.state.requireGroup(guid);
        const page = parseInput(conversationQuerySchema, Object.fromEntries(new URLSearchParams(ctx.rawQuery)), "query");
        return messageListAnswer(ctx, page.limit, ctx.state.conversationMessages({ group: guid }, page));
      },
    },
  },
  {
    method: "GET",
    path: "/users/:uid/messages",
    handle: {
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
  },
  {
    method: "POST",
    path: "/messages/:id/flagged",
    handle: {
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
  // Beyond the contract, as the real service answers (cometchat-real-service.md).
  {
    method: "PATCH",
    path: "/moderation/flagged-messages/:id",
    handle: {
      action: "review flagged messages",
      async run(ctx) {
        const body = parseInput(reviewFlaggedSchema, await ctx.readBody(), "body");
        // The published answer has no data envelope.
        return { body: { success: true, message: ctx.state.reviewFlaggedMessage(param(ctx, "id"), body.status) } };
      },
    },
  },
  {
    method: "PUT",
    path: "/users",
    handle: {
      action: "reactivate users",
      async run(ctx) {
        const body = parseInput(reactivateUsersSchema, await ctx.readBody(), "body");
        return { body: { data: ctx.state.reactivateUsers(body.uidsToActivate) } };
      },
    },
  },
  {
    method: "GET",
    path: "/users",
    handle: {
      action: "list users",
      run(ctx) {
        const page = ctx.state.listUsers(parseInput(listUsersQuerySchema, queryOf(ctx), "query"));
        return { body: { data: page.users.map(userJson), meta: { pagination: page.pagination } } };
      },
    },
  },
];

function messageListAnswer(ctx: ApiContext, limit: number, messages: MessageRecord[]): ApiAnswer {
  return { body: { data: messages.map((m) => messageJson(m, ctx.state.messageContext)), meta: { current: { limit, count: messages.length } } } };
}

export const API_ROUTES = compileRoutes(definitions);

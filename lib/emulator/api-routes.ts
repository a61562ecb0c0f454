import type { IncomingMessage } from "node:http";
import { badRequest } from "./errors";
import { headerValue } from "./http";
import { compileRoutes, type RouteDefinition } from "./router";
import {
  addFriendsSchema,
  apiKeysQuerySchema,
  authTokenUpdateSchema,
  deactivateUsersSchema,
  flagMessageSchema,
  parseInput,
} from "./schemas";
import { messageJson, userJson } from "./serialize";
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

/** The seven operations of the contract, plus flagging (which the emulator needs to feed the queue). */
const definitions: RouteDefinition<ApiHandler>[] = [
  {
    method: "POST",
    path: "/messages/:id/pin",
    handle: {
      action: "pin messages",
      run(ctx) {
        const onBehalfOf = headerValue(ctx.req, "onbehalfof");
        const message = ctx.state.pinMessage(param(ctx, "id"), onBehalfOf, ctx.settings.pinningEnabled, ctx.now);
        return { body: { data: messageJson(message, ctx.state.userOf) } };
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
        const query = parseInput(apiKeysQuerySchema, Object.fromEntries(new URLSearchParams(ctx.rawQuery)), "query");
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
        return { body: { data: { deactivatedUids: ctx.state.deactivateUsers(body.uidsToDeactivate, ctx.now) } } };
      },
    },
  },
  {
    method: "GET",
    path: "/users/:uid",
    handle: {
      action: "read users",
      run(ctx) {
        return { body: { data: userJson(ctx.state.requireUser(param(ctx, "uid"))) } };
      },
    },
  },
  {
    method: "GET",
    path: "/moderation/flagged-messages",
    handle: {
      action: "list flagged messages",
      run(ctx) {
        return { body: ctx.state.flaggedListBody(ctx.settings.flaggedLimit) };
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
];

export const API_ROUTES = compileRoutes(definitions);
